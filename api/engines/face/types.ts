export type FaceBox = { x: number; y: number; width: number; height: number }

export type DetectedFace = {
  /** In the uploaded image's pixels (after EXIF rotation). */
  box: FaceBox
  /** Detector confidence, 0–1. */
  score: number
  /** The 68 landmark points, in the same pixels as `box`. */
  landmarks: { x: number; y: number }[]
  /** 128-d embedding; Euclidean distance between two is the dissimilarity. */
  descriptor: Float32Array
}
