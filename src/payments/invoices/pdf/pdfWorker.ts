import { parentPort } from 'node:worker_threads'
import { creditNotePdf, type CreditNotePdfInput } from '../../creditNotes/pdf/creditNotePdf.ts'
import { invoicePdf, type InvoicePdfInput } from './invoicePdf.ts'

// Draws invoices' and credit notes' PDFs off the server's main thread: the largest the rules allow (200 lines, a logo
// of 600 × 2000) takes a few hundred milliseconds. The fonts are read once per thread.
parentPort!.on('message', async ({ job, input }: { job: number; input: InvoicePdfInput | CreditNotePdfInput }) => {
  try {
    const pdf = 'creditNote' in input ? await creditNotePdf(input) : await invoicePdf(input)
    parentPort!.postMessage({ job, pdf }, [pdf.buffer as ArrayBuffer])
  } catch (error) {
    parentPort!.postMessage({ job, error: String(error) })
  }
})
