import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { startWorker } from '../threads/startWorker.ts'
import { IMAGE_LIMITS, ImagesBusyError } from './imageLimits.ts'

/** An image measured already, to draw `width` wide (an SVG, or a PNG wider than that) or to decode (a PNG). */
export type ImageJob = { kind: 'svg' | 'png'; bytes: Uint8Array; width: number; maxSide: number; maxPixels: number }

export type ImageJobResult =
  | { ok: true; png: Uint8Array }
  | { ok: false; reason: 'size'; width: number; height: number; shape: [number, number] }
  | { ok: false; reason: 'unreadable'; details: string }
  | { ok: false; reason: 'time' }
  | { ok: false; reason: 'memory' }

/** Images drawn one at a time (the memory watch reads the whole process); this many may wait. */
const MAX_WAITING = 8
const STARTUP_MS = 30_000
let lane: Promise<unknown> = Promise.resolve()
let waiting = 0

// The renderer's WebAssembly, compiled once and handed to each thread (a thread then starts in milliseconds).
let compiled: Promise<WebAssembly.Module> | undefined
const renderer = () =>
  (compiled ??= readFile(createRequire(import.meta.url).resolve('@resvg/resvg-wasm/index_bg.wasm')).then((bytes) =>
    WebAssembly.compile(bytes),
  ))

/**
 * Draws or decodes an image in a thread of its own, torn down when it answers, when it runs past
 * its time, or when the process grows past the memory it is allowed: the main thread keeps serving
 * meanwhile and the memory comes back. Node's heap limits cover the thread's JavaScript; the
 * WebAssembly memory of the renderer is watched from here.
 */
export async function drawImage(job: ImageJob): Promise<ImageJobResult> {
  if (waiting >= MAX_WAITING) throw new ImagesBusyError()
  waiting++
  const turn = lane.then(async () => {
    waiting--
    return runInThread(job, await renderer())
  })
  lane = turn.catch(() => {})
  return turn
}

function runInThread(job: ImageJob, compiledRenderer: WebAssembly.Module): Promise<ImageJobResult> {
  const worker = startWorker(import.meta.url, 'imageWorker', {
    workerData: { job, renderer: compiledRenderer },
    resourceLimits: { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
  })
  const before = process.memoryUsage.rss()
  return new Promise<ImageJobResult>((resolve) => {
    let settled = false
    const finish = (result: ImageJobResult) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      clearInterval(watch)
      void worker.terminate().then(() => resolve(result))
    }
    // Loading the thread's code is not the image's doing (from source it is compiled first): the
    // drawing's own time starts when the thread says it is ready.
    let timer = setTimeout(() => finish({ ok: false, reason: 'time' }), STARTUP_MS)
    const watch = setInterval(() => {
      if (process.memoryUsage.rss() - before > IMAGE_LIMITS.drawBytes) finish({ ok: false, reason: 'memory' })
    }, 10)
    worker.on('message', (message: 'ready' | ImageJobResult) => {
      if (message !== 'ready') return finish(message)
      clearTimeout(timer)
      timer = setTimeout(() => finish({ ok: false, reason: 'time' }), IMAGE_LIMITS.drawMs)
    })
    worker.on('error', (error: Error & { code?: string }) =>
      finish(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? { ok: false, reason: 'memory' }
          : { ok: false, reason: 'unreadable', details: String(error) },
      ),
    )
    // Past its heap limit, or stopped from outside: whatever it was given is not drawn.
    worker.on('exit', () => finish({ ok: false, reason: 'memory' }))
  })
}
