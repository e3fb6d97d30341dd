import { parentPort, workerData } from 'node:worker_threads'
import { initWasm, Resvg } from '@resvg/resvg-wasm'
import type { ImageJob, ImageJobResult } from './drawImage.ts'
import { measureRaster } from './measureRaster.ts'

// Draws one image a user uploaded, then the thread is torn down: what the drawing took (WebAssembly
// memory included, which no heap limit covers) goes back to the system with it.
const { job, renderer } = workerData as { job: ImageJob; renderer: WebAssembly.Module }

async function draw(): Promise<ImageJobResult> {
  // pdf-lib decodes a PNG as every invoice would; loaded only for a PNG (an SVG's thread starts sooner).
  const pdfLib = job.kind === 'png' ? await import('pdf-lib') : undefined
  await initWasm(renderer)
  // Loaded: the time the drawing is given starts now.
  parentPort!.postMessage('ready')
  if (job.kind === 'svg') return drawSvg(new TextDecoder().decode(job.bytes))
  // Decoded once here: a PNG that does not decode is refused now, not on every invoice.
  await (await pdfLib!.PDFDocument.create()).embedPng(job.bytes)
  const { width, height } = measureRaster(job.bytes)!
  if (width <= job.width) return { ok: true, png: job.bytes }
  // A wider one is drawn again at the width an SVG is: each invoice then decodes that many pixels, not more.
  const image = `data:image/png;base64,${Buffer.from(job.bytes).toString('base64')}`
  return drawSvg(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><image width="${width}" height="${height}" href="${image}"/></svg>`,
  )
}

/** An SVG drawn `job.width` wide: parsed first, and the size the renderer found checked before a pixel is allotted. */
function drawSvg(text: string): ImageJobResult {
  const svg = new Resvg(text, { fitTo: { mode: 'width', value: job.width }, font: { loadSystemFonts: false } })
  const height = Math.ceil((svg.height * job.width) / svg.width)
  if (!(height <= job.maxSide && height * job.width <= job.maxPixels))
    return { ok: false, reason: 'size', width: job.width, height, shape: [svg.width, svg.height] }
  return { ok: true, png: svg.render().asPng() }
}

draw().then(
  (result) => parentPort!.postMessage(result),
  (error: unknown) => parentPort!.postMessage({ ok: false, reason: 'unreadable', details: String(error) }),
)
