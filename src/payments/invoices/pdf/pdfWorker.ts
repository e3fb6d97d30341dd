import { parentPort } from 'node:worker_threads'
import { invoicePdf, type InvoicePdfInput } from './invoicePdf.ts'

// Draws invoices' PDFs off the server's main thread: the largest the rules allow (200 lines, a logo
// of 600 × 2000) takes a few hundred milliseconds. The fonts are read once per thread.
parentPort!.on('message', async ({ job, input }: { job: number; input: InvoicePdfInput }) => {
  try {
    const pdf = await invoicePdf(input)
    parentPort!.postMessage({ job, pdf }, [pdf.buffer as ArrayBuffer])
  } catch (error) {
    parentPort!.postMessage({ job, error: String(error) })
  }
})
