import { BaseError } from '../../domain/baseError.ts'

/** What one image a user uploads may cost before a byte of it is drawn. */
export const IMAGE_LIMITS = {
  /** Pixels a side of the picture drawn (or of a raster as uploaded). */
  side: 2000,
  /** Pixels of the picture drawn, and of every raster an SVG carries, together. */
  pixels: 4_000_000,
  /** Elements of an SVG once every `<use>` and marker is counted where it is drawn. */
  elements: 2000,
  /** How deep an SVG's elements nest, `<use>` included. */
  depth: 32,
  /** Time the drawing thread is given, then stopped. */
  drawMs: 2000,
  /** Memory the server may grow by while one image is drawn, then the drawing is stopped. */
  drawBytes: 256 * 2 ** 20,
} as const

/** An image refused, with a sentence saying which limit it passed. */
export class ImageRefusedError extends BaseError {
  override name = 'ImageRefusedError'
  constructor(shortMessage: string, details?: string) {
    super({ code: 'IMAGE_REFUSED', shortMessage, details })
  }
}

/** Images are drawn one at a time and this many wait: the rest are asked to retry. */
export class ImagesBusyError extends BaseError {
  override name = 'ImagesBusyError'
  constructor() {
    super({ code: 'IMAGES_BUSY', shortMessage: 'Other images are being drawn right now; try again in a moment.' })
  }
}
