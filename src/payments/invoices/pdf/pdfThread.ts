import type { Worker } from 'node:worker_threads'
import { BaseError } from '../../../domain/baseError.ts'
import { startWorker } from '../../threads/startWorker.ts'
import type { CreditNotePdfInput } from '../../creditNotes/pdf/creditNotePdf.ts'
import type { InvoicePdfInput } from './invoicePdf.ts'

/** PDFs are drawn one at a time, on one thread: this many may wait, the rest are asked to retry. */
const MAX_WAITING = 16
/** A PDF that takes longer is abandoned and its thread replaced. */
const PDF_MS = 10_000
/** A thread left idle this long is torn down, and its memory with it. */
const IDLE_MS = 30_000

export class PdfBusyError extends BaseError {
  override name = 'PdfBusyError'
  constructor(shortMessage: string) {
    super({ code: 'PDF_BUSY', shortMessage })
  }
}

let thread: Worker | undefined
let idle: NodeJS.Timeout | undefined
let lane: Promise<unknown> = Promise.resolve()
let waiting = 0
let jobs = 0

/**
 * An invoice's (or a credit note's) PDF, drawn on a thread of its own so the main thread keeps serving meanwhile; the
 * thread's heap is capped, a drawing past its time is stopped, and an idle thread is torn down.
 */
export function drawInvoicePdf(input: InvoicePdfInput | CreditNotePdfInput): Promise<Uint8Array> {
  if (waiting >= MAX_WAITING) throw new PdfBusyError('Many invoices are being drawn right now; try again in a moment.')
  waiting++
  const turn = lane.then(() => {
    waiting--
    return drawOne(input)
  })
  lane = turn.catch(() => {})
  return turn
}

function drawOne(input: InvoicePdfInput | CreditNotePdfInput): Promise<Uint8Array> {
  clearTimeout(idle)
  const worker = (thread ??= startPdfThread())
  const job = ++jobs
  return new Promise<Uint8Array>((resolve, reject) => {
    let settled = false
    const done = (outcome: () => void) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      worker.off('message', answered)
      worker.off('exit', stopped)
      idle = setTimeout(stop, IDLE_MS).unref()
      outcome()
    }
    const answered = (message: { job: number; pdf?: Uint8Array; error?: string }) => {
      if (message.job !== job) return
      done(() => (message.pdf ? resolve(message.pdf) : reject(new Error(`the invoice PDF failed: ${message.error}`))))
    }
    const stopped = () => done(() => reject(new PdfBusyError('The invoice could not be drawn; try again in a moment.')))
    const timer = setTimeout(() => {
      done(() => reject(new PdfBusyError('The invoice took too long to draw; try again in a moment.')))
      stop()
    }, PDF_MS)
    worker.on('message', answered)
    worker.on('exit', stopped)
    worker.postMessage({ job, input })
  })
}

function startPdfThread(): Worker {
  const worker = startWorker(import.meta.url, 'pdfWorker', {
    resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32 },
  })
  worker.unref()
  worker.on('error', () => {})
  // A thread that stopped (its heap full, or torn down) is started afresh for the next PDF.
  worker.on('exit', () => {
    if (thread === worker) thread = undefined
  })
  return worker
}

function stop() {
  const worker = thread
  thread = undefined
  void worker?.terminate()
}
