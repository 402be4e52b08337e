import { decodeImage, type Decoded } from './decode'
import { FaceError } from './errors'
import { faceApi } from './model'
import { cropFace, laplacianVariance, type FaceCrop } from './quality'
import type { DetectedFace } from './types'

/** SSD confidence below which a detection is more often a false positive than a face. */
const MIN_CONFIDENCE = 0.5
/** A face narrower than this (in the uploaded image) carries too little detail to identify. */
export const MIN_FACE_PX = 80
/**
 * Laplacian variance of a 128 px face crop below which the face is too blurred to verify. The
 * package's sample faces measure 37–395; a Gaussian blur of σ = 3 px on a ~180 px face brings
 * them to 11–14 (σ = 1.5: 39–51, still accepted).
 */
export const MIN_SHARPNESS = 25

async function detectDecoded(image: Decoded): Promise<DetectedFace[]> {
  const faceapi = await faceApi()
  const tensor = faceapi.tf.tensor3d(image.rgb, [image.rgbHeight, image.rgbWidth, 3], 'int32')
  try {
    const found = await faceapi
      .detectAllFaces(tensor, new faceapi.SsdMobilenetv1Options({ minConfidence: MIN_CONFIDENCE }))
      .withFaceLandmarks()
      .withFaceDescriptors()
    const k = 1 / image.scale
    return found
      .map(({ detection, landmarks, descriptor }) => ({
        box: {
          x: detection.box.x * k,
          y: detection.box.y * k,
          width: detection.box.width * k,
          height: detection.box.height * k,
        },
        score: detection.score,
        landmarks: landmarks.positions.map((p) => ({ x: p.x * k, y: p.y * k })),
        descriptor,
      }))
      .sort((a, b) => b.score - a.score)
  } finally {
    tensor.dispose()
  }
}

/** Every face found, best first, with boxes in the uploaded image's pixels. */
export async function detectFaces(
  bytes: Uint8Array,
): Promise<{ width: number; height: number; faces: DetectedFace[] }> {
  const image = await decodeImage(bytes)
  return { width: image.width, height: image.height, faces: await detectDecoded(image) }
}

export type SingleFace = DetectedFace & {
  width: number
  height: number
  /** Laplacian variance of the face crop; see MIN_SHARPNESS. */
  sharpness: number
  /** The greyscale face crop liveness() analyses. */
  crop: FaceCrop
}

/**
 * Exactly one usable face, as enrolment and verification need: refuses none, several, a small
 * face and a blurred one, each with its own code so the user is told what to fix.
 */
export async function singleFace(bytes: Uint8Array): Promise<SingleFace> {
  const image = await decodeImage(bytes)
  const faces = await detectDecoded(image)
  if (faces.length === 0) throw new FaceError('no_face', 'No face was found in the image.')
  if (faces.length > 1) throw new FaceError('many_faces', `${faces.length} faces were found; the photo must show one.`)
  const face = faces[0]!
  if (Math.min(face.box.width, face.box.height) < MIN_FACE_PX) {
    throw new FaceError(
      'too_small',
      `The face is ${Math.round(face.box.width)} px wide; at least ${MIN_FACE_PX} px is needed.`,
    )
  }
  const crop = cropFace(image.grey, image.width, image.height, face.box)
  const sharpness = laplacianVariance(crop)
  if (sharpness < MIN_SHARPNESS) throw new FaceError('too_blurry', 'The face is too blurred; take a sharper photo.')
  return { ...face, width: image.width, height: image.height, sharpness, crop }
}
