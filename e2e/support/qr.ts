import jsQR from 'jsqr'
import { PNG } from 'pngjs'

/** The text of the QR code in a screenshot, as a phone's camera would read it. */
export function decodeQr(png: Buffer): string | undefined {
  const image = PNG.sync.read(png)
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data
}
