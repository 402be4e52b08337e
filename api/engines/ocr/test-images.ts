import sharp from 'sharp'

/** Test-side drawing: SVG text rendered to PNG by sharp (the product itself rejects SVG uploads). */
export function svgPage(lines: string[], { width = 1400, fontSize = 40, lineHeight = 70 } = {}): string {
  const height = 80 + lines.length * lineHeight
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;')
  const texts = lines
    .map(
      (l, i) =>
        `<text x="60" y="${90 + i * lineHeight}" font-size="${fontSize}" font-family="DejaVu Sans, sans-serif">${escape(l)}</text>`,
    )
    .join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#fff"/>${texts}</svg>`
}

export async function renderLines(lines: string[], options?: Parameters<typeof svgPage>[1]): Promise<Buffer> {
  return sharp(Buffer.from(svgPage(lines, options)))
    .png()
    .toBuffer()
}

/** Salt-and-pepper noise over a fraction of the pixels, seeded so runs are repeatable. */
export async function withNoise(png: Buffer, fraction = 0.04, seed = 7): Promise<Buffer> {
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true })
  let state = seed
  const random = () => (state = (state * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff
  for (let i = 0; i < data.length; i++) if (random() < fraction) data[i] = random() < 0.5 ? 0 : 255
  return sharp(data, { raw: { width: info.width, height: info.height, channels: 1 } })
    .png()
    .toBuffer()
}

export const rotated = (png: Buffer, degrees: number) =>
  sharp(png).rotate(degrees, { background: '#fff' }).png().toBuffer()

export const SAMPLE_LINES = [
  'The quick brown fox jumps over the lazy dog.',
  'Invoice INV-2041 was issued on 12 March 2024.',
  'Please pay the balance within thirty days.',
  'Customer support: help@example.com',
]
