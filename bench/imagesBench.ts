import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { alice, signIn } from '../src/api/testing/graphqlClient.ts'
import { createInvoice, invoiceInput, sellerInput, setSellerDetails } from '../src/api/testing/invoiceClient.ts'
import { DEV_USDC_ADDRESS } from '../src/chain/tokens.ts'
import { MAX_INVOICE_LINES, MAX_INVOICE_NOTES, MAX_LINE_DESCRIPTION } from '../src/domain/invoice/invoiceDraft.ts'
import { freePort } from '../testing/freePort.ts'
import { dataUrl, imageBombs, slowLogo, solidPng } from '../testing/imageBombs.ts'
import { startTestChain } from '../testing/testChain.ts'
import { startServerProcess } from '../testing/serverProcess.ts'
import { mb } from './benchProcess.ts'
import { ms, percentile } from './stats.ts'

/** How long `/healthz` takes to answer, once. */
async function healthz(url: string) {
  const asked = performance.now()
  await fetch(`${url}/healthz`).then((r) => r.arrayBuffer())
  return performance.now() - asked
}

/** A process's resident memory, as the kernel counts it. */
const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024

const legitLogo = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="80"><rect width="240" height="80" rx="12" fill="#0a7"/><circle cx="40" cy="40" r="24" fill="#fff"/></svg>`,
)

/**
 * Each image bomb uploaded as a seller logo to the production server in a process of its own: the time until it
 * is refused, `/healthz` asked again and again meanwhile (its slowest answers), and the server's
 * resident memory before and after. A logo within the limits and one that runs to its time cap too.
 */
export async function runImageBenchmarks() {
  console.log(
    '\nImages: each bomb uploaded as the seller logo (goal: refused within 1 s, /healthz within 100 ms throughout, RSS back within 50 MB)',
  )
  const anvil = await startTestChain(await freePort())
  const dataDir = mkdtempSync(join(tmpdir(), 'billfold-images-'))
  // As deployed: the prebuilt production server (npm run bench builds it first), its drawing thread the built one.
  const server = await startServerProcess(
    { RPC_URL: anvil.rpcUrl, DATA_DIR: dataDir, RATE_LIMIT_PER_MINUTE: '0' },
    { build: 'production' },
  )
  const pid = server.child.pid!
  try {
    const { cookie } = await signIn(server.url, alice)
    const upload = (bytes: Buffer) => setSellerDetails(server.url, cookie, sellerInput({ logo: dataUrl(bytes) }))
    // Warm: the first drawing thread and the first GraphQL operation load their code.
    await upload(legitLogo)
    // What /healthz takes on this machine with nothing drawn, for comparison.
    const idle: number[] = []
    for (const until = performance.now() + 2000; performance.now() < until;) {
      const asked = performance.now()
      await fetch(`${server.url}/healthz`).then((r) => r.arrayBuffer())
      idle.push(performance.now() - asked)
    }
    console.log(
      `  ${'(nothing drawn, 2 s)'.padEnd(38)} /healthz ×${idle.length} max ${ms(Math.max(...idle))} p99 ${ms(percentile(idle, 99))}   RSS ${mb(rssOf(pid))}`,
    )
    const cases = [
      ...imageBombs.map((b) => ({ name: b.name, bytes: b.bytes })),
      { name: 'blur past the time cap', bytes: slowLogo },
      { name: '(a logo within the limits)', bytes: legitLogo },
    ]
    for (const { name, bytes } of cases) {
      const before = rssOf(pid)
      const health: number[] = []
      let uploading = true
      const started = performance.now()
      const uploaded = upload(bytes).then((answer) => {
        uploading = false
        return { answer, took: performance.now() - started }
      })
      let peak = before
      while (uploading) {
        health.push(await healthz(server.url))
        peak = Math.max(peak, rssOf(pid))
      }
      const { answer, took } = await uploaded
      // The thread's memory goes back as it is torn down; a moment for the allocator to return it.
      await new Promise((resolve) => setTimeout(resolve, 200))
      const after = rssOf(pid)
      const verdict = answer.errors ? `refused: ${answer.errors[0]!.message.slice(0, 70)}…` : 'taken'
      console.log(
        `  ${name.padEnd(38)} ${verdict}\n` +
          `  ${''.padEnd(38)} in ${ms(took)}   /healthz ×${health.length} max ${ms(Math.max(0, ...health))} p99 ${ms(health.length ? percentile(health, 99) : 0)}   RSS ${mb(before)} → peak ${mb(peak)} → ${mb(after)} (${after >= before ? '+' : ''}${mb(after - before)})`,
      )
    }
    await largestInvoice(server.url, cookie, pid)
  } finally {
    await server.stop('SIGTERM')
    await anvil.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/**
 * The largest invoice the rules allow (every line and its description at their longest, the longest
 * notes, Japanese text that brings the second font, the widest PNG logo kept): its PDF asked for
 * ten times in turn, `/healthz` asked meanwhile.
 */
async function largestInvoice(url: string, cookie: string, pid: number) {
  const logo = await setSellerDetails(url, cookie, sellerInput({ logo: dataUrl(solidPng(2000, 2000)) }))
  if (logo.errors) throw new Error(`the widest logo was refused: ${logo.errors[0]!.message}`)
  const text = (length: number, i: number) =>
    `${i} 請求書の明細 consulting, workshop and follow-up `.repeat(20).slice(0, length)
  const lines = Array.from({ length: MAX_INVOICE_LINES }, (_, i) => ({
    description: text(MAX_LINE_DESCRIPTION, i),
    quantity: '12.5',
    unitPrice: '1234.5678',
    taxRate: i % 2 ? '19' : '7',
  }))
  const made = await createInvoice(
    url,
    cookie,
    alice,
    invoiceInput({ currency: undefined, asset: DEV_USDC_ADDRESS, lines, notes: text(MAX_INVOICE_NOTES, 0) }),
  )
  if (made.errors) throw new Error(`the largest invoice was refused: ${made.errors[0]!.message}`)
  const pdfUrl = `${url}${made.data!.createInvoice.pdfPath}`
  const before = rssOf(pid)
  const drawn: number[] = []
  const health: number[] = []
  let bytes = 0
  for (let i = 0; i < 10; i++) {
    let drawing = true
    const started = performance.now()
    const pdf = fetch(pdfUrl)
      .then((r) => r.arrayBuffer())
      .finally(() => (drawing = false))
    while (drawing) health.push(await healthz(url))
    bytes = (await pdf).byteLength
    drawn.push(performance.now() - started)
  }
  console.log(
    `  largest invoice's PDF (${MAX_INVOICE_LINES} lines, ${(bytes / 1024).toFixed(0)} KB) ×10   p50 ${ms(percentile(drawn, 50))} max ${ms(Math.max(...drawn))}   /healthz ×${health.length} max ${ms(Math.max(...health))} p99 ${ms(percentile(health, 99))}   RSS ${mb(before)} → ${mb(rssOf(pid))}`,
  )
}
