import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { initWasm, Resvg } from '@resvg/resvg-wasm'
import { PDFDocument } from 'pdf-lib'
import { BaseError } from '../../domain/baseError.ts'

export const MAX_LOGO_BYTES = 64 * 1024
const MAX_LOGO_PIXELS = 2000
const SVG_WIDTH = 600

export class LogoError extends BaseError {
  override name = 'LogoError'
  constructor(shortMessage: string, details?: string) {
    super({ code: 'LOGO_INVALID', shortMessage, details })
  }
}

let renderer: Promise<void> | undefined
const svgRenderer = () =>
  (renderer ??= readFile(createRequire(import.meta.url).resolve('@resvg/resvg-wasm/index_bg.wasm')).then(initWasm))

const isPng = (bytes: Uint8Array) =>
  bytes.length > 24 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b)

/**
 * A logo as Billfold keeps it: a PNG that decodes, at most 2000 pixels a side. An SVG is drawn to a
 * PNG here by a renderer that runs no script and fetches nothing, and only that picture is kept: an
 * SVG's scripts, event handlers and links never reach a page or a PDF.
 */
export async function sanitiseLogo(bytes: Uint8Array): Promise<Uint8Array> {
  if (bytes.length > MAX_LOGO_BYTES)
    throw new LogoError(
      `The logo can be at most ${MAX_LOGO_BYTES / 1024} KB; this one is ${Math.ceil(bytes.length / 1024)} KB.`,
    )
  const png = isPng(bytes) ? bytes : await svgToPng(bytes)
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength)
  const [width, height] = [view.getUint32(16), view.getUint32(20)]
  if (width > MAX_LOGO_PIXELS || height > MAX_LOGO_PIXELS)
    throw new LogoError(`The logo can be at most ${MAX_LOGO_PIXELS} pixels a side; this one is ${width}×${height}.`)
  try {
    await (await PDFDocument.create()).embedPng(png)
  } catch (error) {
    throw new LogoError('The logo is not a PNG that can be read.', String(error))
  }
  return png
}

async function svgToPng(bytes: Uint8Array): Promise<Uint8Array> {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes)
  if (!/<svg[\s>]/i.test(text)) throw new LogoError('The logo must be a PNG or an SVG image.')
  await svgRenderer()
  try {
    const svg = new Resvg(text, { fitTo: { mode: 'width', value: SVG_WIDTH }, font: { loadSystemFonts: false } })
    const rendered = svg.render()
    const png = rendered.asPng()
    rendered.free()
    svg.free()
    return png
  } catch (error) {
    throw new LogoError('The SVG logo cannot be drawn.', String(error))
  }
}
