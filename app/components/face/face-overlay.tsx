import { useEffect, useRef, useState } from 'react'
import type { Scan } from '#contract/face'
import classes from './face.module.css'

type Size = { width: number; height: number }
type Props = {
  src: string
  alt: string
  face: Scan['face']
  landmarks: Scan['landmarks']
  /** The photo's size in pixels, from the API: the overlay is drawn in the server's HTML. */
  imageSize: Scan['image_size']
}

/**
 * The photo with the face box and the 68 landmarks over it. They are in the image's pixels, so the
 * SVG's viewBox is the image's size: the API's when it has it (drawn without JavaScript), otherwise
 * the natural size read in the browser once the image has loaded.
 */
export function FaceOverlay({ src, alt, face, landmarks, imageSize }: Props) {
  const img = useRef<HTMLImageElement>(null)
  const [measured, setMeasured] = useState<Size | null>(null)
  const measure = () => {
    const el = img.current
    if (!imageSize && el?.naturalWidth) setMeasured({ width: el.naturalWidth, height: el.naturalHeight })
  }
  // the image may have loaded before hydration, when onLoad was not listened to yet
  useEffect(() => {
    if (img.current?.complete) measure()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- measure reads the current image only
  }, [src, imageSize])

  const size = imageSize ?? measured
  const unit = size ? Math.max(size.width, size.height) / 400 : 1
  return (
    <figure className={classes.figure}>
      <img ref={img} src={src} alt={alt} onLoad={measure} width={imageSize?.width} height={imageSize?.height} />
      {size && (face || landmarks.length) ? (
        <svg
          className={classes.overlay}
          viewBox={`0 0 ${size.width} ${size.height}`}
          preserveAspectRatio="none"
          role="img"
          aria-label={`Face box and ${landmarks.length} landmarks`}
          data-testid="face-overlay"
        >
          {face ? (
            <rect
              className={classes.box}
              x={face.x}
              y={face.y}
              width={face.width}
              height={face.height}
              strokeWidth={2 * unit}
            />
          ) : null}
          {landmarks.map((p, i) => (
            <circle key={i} className={classes.point} cx={p.x} cy={p.y} r={1.6 * unit} />
          ))}
        </svg>
      ) : null}
    </figure>
  )
}
