import { createRequire } from 'node:module'
import path from 'node:path'

/*
 * face-api's node-wasm bundle is CommonJS and untyped as a subpath, so it is loaded with
 * createRequire; its own .d.ts describes the same API as the package's main types.
 */
type FaceApi = typeof import('@vladmandic/face-api')

const require = createRequire(import.meta.url)

let loading: Promise<FaceApi> | null = null

/**
 * The wasm backend reads its .wasm from the package directory through fs (platform fetch off: in
 * Node, fetch cannot take a file path), and the weights come from face-api's own `model/` folder,
 * so nothing is fetched from the network at install or run time (ARCHITECTURE §6).
 */
async function load(): Promise<FaceApi> {
  const wasm = require('@tensorflow/tfjs-backend-wasm') as typeof import('@tensorflow/tfjs-backend-wasm')
  const faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as FaceApi
  // The same module instance the bundle required, typed with its full API.
  const tf = require('@tensorflow/tfjs') as typeof import('@tensorflow/tfjs')
  const wasmDir = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm'))
  wasm.setWasmPaths(wasmDir + path.sep, false)
  if (!(await tf.setBackend('wasm'))) throw new Error('The TensorFlow.js wasm backend did not start.')
  await tf.ready()
  const modelDir = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'model')
  await Promise.all([
    faceapi.nets.ssdMobilenetv1.loadFromDisk(modelDir),
    faceapi.nets.faceLandmark68Net.loadFromDisk(modelDir),
    faceapi.nets.faceRecognitionNet.loadFromDisk(modelDir),
  ])
  return faceapi
}

/** Loaded once per process (~0.4 s) and shared; a failed load is retried on the next call. */
export function faceApi(): Promise<FaceApi> {
  loading ??= load().catch((error: unknown) => {
    loading = null
    throw error
  })
  return loading
}

/** Frees the weights (about 12 MB of tensors); the next call loads them again. */
export async function closeFace(): Promise<void> {
  if (!loading) return
  const pending = loading
  loading = null
  const faceapi = await pending.catch(() => null)
  if (!faceapi) return
  faceapi.nets.ssdMobilenetv1.dispose()
  faceapi.nets.faceLandmark68Net.dispose()
  faceapi.nets.faceRecognitionNet.dispose()
}
