import { drawImage, type ImageJob } from '../images/drawImage.ts'
import { IMAGE_LIMITS, ImageRefusedError } from '../images/imageLimits.ts'
import { isPng, measureRaster } from '../images/measureRaster.ts'
import { measureSvg } from '../images/measureSvg.ts'

export const MAX_LOGO_BYTES = 64 * 1024
/** An SVG logo is drawn this wide, a wider PNG drawn again so: more than the PDF prints it at 300 dpi. */
const SVG_WIDTH = 600

const refuse = (problem: string, details?: string) => new ImageRefusedError(`The logo ${problem}`, details)
const sideLimit = `${IMAGE_LIMITS.side} pixels a side and ${IMAGE_LIMITS.pixels.toLocaleString('en')} pixels in all`

/**
 * A logo as Billfold keeps it: a PNG that decodes, at most 600 pixels wide and 2000 tall. An SVG is drawn to a
 * PNG by a renderer that runs no script and fetches nothing, and only that picture is kept: an
 * SVG's scripts, event handlers and links never reach a page or a PDF. Each is measured from its
 * header or markup before it is drawn, and drawn or decoded in a thread of its own with time and
 * memory caps (see drawImage).
 */
export async function sanitiseLogo(bytes: Uint8Array): Promise<Uint8Array> {
  if (bytes.length > MAX_LOGO_BYTES)
    throw refuse(`can be at most ${MAX_LOGO_BYTES / 1024} KB; this one is ${Math.ceil(bytes.length / 1024)} KB.`)
  const job: ImageJob = {
    kind: isPng(bytes) ? 'png' : 'svg',
    bytes,
    width: SVG_WIDTH,
    maxSide: IMAGE_LIMITS.side,
    maxPixels: IMAGE_LIMITS.pixels,
  }
  if (job.kind === 'png') {
    const size = measureRaster(bytes)
    if (!size) throw refuse('is not a PNG that can be read.')
    checkDrawnSize(size.width, size.height, `it is ${size.width} × ${size.height}`)
  } else {
    const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes)
    if (!/<svg[\s>]/i.test(text)) throw refuse('must be a PNG or an SVG image.')
    const svg = measureSvg(text, 'The logo')
    const height = Math.ceil((svg.height * SVG_WIDTH) / svg.width)
    checkDrawnSize(
      SVG_WIDTH,
      height,
      `it would be drawn ${SVG_WIDTH} × ${height} (its shape is ${svg.width} × ${svg.height})`,
    )
  }
  const drawn = await drawImage(job)
  if (drawn.ok) return drawn.png
  if (drawn.reason === 'size')
    throw refuse(
      `can be at most ${sideLimit}; it would be drawn ${drawn.width} × ${drawn.height} (its shape is ${drawn.shape.join(' × ')}).`,
    )
  if (drawn.reason === 'time')
    throw refuse(`took longer than ${IMAGE_LIMITS.drawMs / 1000} s to draw; simplify it or upload a PNG.`)
  if (drawn.reason === 'memory')
    throw refuse(`took more than ${IMAGE_LIMITS.drawBytes / 2 ** 20} MB to draw; simplify it or upload a PNG.`)
  throw refuse(job.kind === 'png' ? 'is not a PNG that can be read.' : 'is an SVG that cannot be drawn.', drawn.details)
}

function checkDrawnSize(width: number, height: number, actual: string) {
  if (!(width <= IMAGE_LIMITS.side && height <= IMAGE_LIMITS.side && width * height <= IMAGE_LIMITS.pixels))
    throw refuse(`can be at most ${sideLimit}; ${actual}.`)
}
