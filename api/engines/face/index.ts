/**
 * Face recognition engine (ARCHITECTURE §6): @vladmandic/face-api on the TensorFlow.js wasm
 * backend, weights from the package's own files, images decoded by sharp. Local and offline.
 */
export { FaceError, type FaceErrorCode } from './errors'
export { sniffImage, type ImageKind } from './sniff'
export { MAX_BYTES, MAX_PIXELS } from './decode'
export { detectFaces, singleFace, MIN_FACE_PX, MIN_SHARPNESS, type SingleFace } from './detect'
export { compare, descriptorDistance } from './compare'
export { liveness, type Liveness, type LivenessInput } from './liveness'
export { closeFace } from './model'
export type { FaceBox, DetectedFace } from './types'
export type { FaceCrop } from './quality'
