/**
 * pdfjs (inside unpdf) calls ArrayBuffer.prototype.transferToFixedLength, which Node gained in 21;
 * on Node 20 drawing any page with a font fails and the render never settles. structuredClone with
 * a transfer list is the Node 20 way to move a buffer (the original is detached, as the spec says).
 */
type MovableBuffer = ArrayBuffer & { transferToFixedLength?: (length?: number) => ArrayBuffer }

const proto = ArrayBuffer.prototype as MovableBuffer
if (typeof proto.transferToFixedLength !== 'function') {
  Object.defineProperty(ArrayBuffer.prototype, 'transferToFixedLength', {
    configurable: true,
    writable: true,
    value: function transferToFixedLength(this: ArrayBuffer, length = this.byteLength): ArrayBuffer {
      const moved = structuredClone(this, { transfer: [this] })
      if (length === moved.byteLength) return moved
      const resized = new ArrayBuffer(length)
      new Uint8Array(resized).set(new Uint8Array(moved, 0, Math.min(length, moved.byteLength)))
      return resized
    },
  })
}
export {}
