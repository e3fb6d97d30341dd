import { parentPort, workerData } from 'node:worker_threads'
import { initWasm, Resvg } from '@resvg/resvg-wasm'
import { PDFDocument } from 'pdf-lib'
import type { ImageJob, ImageJobResult } from './drawImage.ts'

// Draws one image a user uploaded, then the thread is torn down: what the drawing took (WebAssembly
// memory included, which no heap limit covers) goes back to the system with it.
const { job, renderer } = workerData as { job: ImageJob; renderer: WebAssembly.Module }

async function draw(): Promise<ImageJobResult> {
  let png = job.bytes
  await initWasm(renderer)
  // Loaded: the time the drawing is given starts now.
  parentPort!.postMessage('ready')
  if (job.kind === 'svg') {
    // Parsed first: the size the renderer itself found is checked before a pixel is allotted.
    const svg = new Resvg(new TextDecoder().decode(job.bytes), {
      fitTo: { mode: 'width', value: job.width },
      font: { loadSystemFonts: false },
    })
    const height = Math.ceil((svg.height * job.width) / svg.width)
    if (!(height <= job.maxSide && height * job.width <= job.maxPixels))
      return { ok: false, reason: 'size', width: job.width, height, shape: [svg.width, svg.height] }
    const rendered = svg.render()
    png = rendered.asPng()
  }
  // Decoded once here, as every invoice will: a PNG that does not decode is refused now.
  await (await PDFDocument.create()).embedPng(png)
  return { ok: true, png }
}

draw().then(
  (result) => parentPort!.postMessage(result),
  (error: unknown) => parentPort!.postMessage({ ok: false, reason: 'unreadable', details: String(error) }),
)
