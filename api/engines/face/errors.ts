export type FaceErrorCode =
  'unsupported' | 'corrupt' | 'too_large' | 'no_face' | 'many_faces' | 'too_small' | 'too_blurry'

/** Every way an image can be refused, so the route can map each to a 4xx with a clear message. */
export class FaceError extends Error {
  readonly code: FaceErrorCode
  constructor(code: FaceErrorCode, message: string) {
    super(message)
    this.name = 'FaceError'
    this.code = code
  }
}
