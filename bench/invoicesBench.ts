import { readFileSync } from 'node:fs'
import { alice, signIn } from '../src/api/testing/graphqlClient.ts'
import { createInvoice, invoiceInput, sellerInput, setSellerDetails } from '../src/api/testing/invoiceClient.ts'
import { DEV_USDC_ADDRESS } from '../src/chain/tokens.ts'
import { pay } from '../src/watcher/testing/payments.ts'
import type { InvoiceDocument } from '../src/domain/invoice/invoiceDocument.ts'
import { invoicePdf } from '../src/payments/invoices/pdf/invoicePdf.ts'
import { startTestChain } from '../testing/testChain.ts'
import { startApiServerProcess } from './apiBench.ts'
import { mb } from './benchProcess.ts'
import { median, ms, percentile } from './stats.ts'

const LINES = 30
const TIMED = 100
const MORE = 1000

const thirtyLines = Array.from({ length: LINES }, (_, i) => ({
  description: `Line ${i + 1}: consulting on the product's payment flow, workshop notes and follow-up (${i % 3 ? 'remote' : 'on site'})`,
  quantity: String(1 + (i % 7) / 4),
  unitPrice: (12.5 + i * 3.3333).toFixed(4),
  taxRate: i % 2 ? '19' : '7',
}))

/** A process's resident memory, as the kernel counts it. */
const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024

/**
 * The PDF of a paid 30-line invoice served by the API in a process of its own: 100 timed, then 1,000
 * more with the server's memory before and after; then drawn in this process alone (fonts embedded as subsets).
 */
export async function runInvoiceBenchmarks() {
  console.log(
    `\nInvoices: the PDF of a paid ${LINES}-line invoice in USDC at two tax rates (logo, QR code, Noto Sans and Noto Sans JP subsets), ${TIMED} timed (goal p99 ≤ 150 ms), then ${MORE} more`,
  )
  const anvil = await startTestChain(8599, { blockTime: 1 })
  const server = await startApiServerProcess({ RPC_URL: anvil.rpcUrl })
  try {
    const idle = rssOf(server.pid)
    const { cookie } = await signIn(server.url, alice)
    const logo = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="80"><rect width="240" height="80" rx="12" fill="#0a7"/><circle cx="40" cy="40" r="24" fill="#fff"/></svg>`
    await setSellerDetails(
      server.url,
      cookie,
      sellerInput({ logo: `data:image/svg+xml;base64,${Buffer.from(logo).toString('base64')}` }),
    )
    const made = await createInvoice(
      server.url,
      cookie,
      alice,
      invoiceInput({ currency: undefined, asset: DEV_USDC_ADDRESS, lines: thirtyLines }),
    )
    const invoice = made.data!.createInvoice
    await pay(anvil.rpcUrl, {
      from: 3,
      to: alice.address,
      amount: BigInt(invoice.request.amount),
      reference: invoice.request.reference,
    })
    const url = `${server.url}${invoice.pdfPath}`
    const fetchPdf = async () => {
      const response = await fetch(url)
      return new Uint8Array(await response.arrayBuffer())
    }
    for (let i = 0; i < 20 && !Buffer.from(await fetchPdf()).includes('PAID'); i++)
      await new Promise((r) => setTimeout(r, 500))

    const served: number[] = []
    let bytes = 0
    for (let i = 0; i < TIMED; i++) {
      const t0 = performance.now()
      bytes = (await fetchPdf()).byteLength
      served.push(performance.now() - t0)
    }
    console.log(
      `  served (GET /invoices/{id}.pdf, paid, with its logo and transaction):  p50 ${ms(median(served))}   p99 ${ms(percentile(served, 99))}   max ${ms(Math.max(...served))}   ${(bytes / 1024).toFixed(1)} KB each`,
    )
    const before = rssOf(server.pid)
    const started = performance.now()
    for (let i = 0; i < MORE; i++) await fetchPdf()
    const seconds = (performance.now() - started) / 1000
    console.log(
      `  server memory (RSS; PGlite in it): ${mb(idle)} started, ${mb(before)} after the first ${TIMED + 1} PDFs, ${mb(rssOf(server.pid))} after ${MORE} more (${(MORE / seconds).toFixed(0)} PDFs/s in turn)`,
    )
    const document = JSON.parse(invoice.document) as InvoiceDocument
    // Last, after the served ones: no connection to the server sits idle meanwhile. The first draws read the fonts.
    const drawn: number[] = []
    for (let i = -3; i < TIMED; i++) {
      const t0 = performance.now()
      await invoicePdf({
        document,
        documentHash: invoice.documentHash,
        logoPng: null,
        payUrl: url,
        paid: true,
        payments: [],
        paper: 'a4',
      })
      if (i >= 0) drawn.push(performance.now() - t0)
    }
    console.log(`  drawn (no database, no HTTP):  p50 ${ms(median(drawn))}   p99 ${ms(percentile(drawn, 99))}`)
  } finally {
    await server.stop()
    await anvil.stop()
  }
}
