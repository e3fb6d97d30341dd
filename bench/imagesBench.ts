import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { alice, signIn } from '../src/api/testing/graphqlClient.ts'
import { sellerInput, setSellerDetails } from '../src/api/testing/invoiceClient.ts'
import { freePort } from '../testing/freePort.ts'
import { dataUrl, imageBombs, slowLogo } from '../testing/imageBombs.ts'
import { startTestChain } from '../testing/testChain.ts'
import { startServerProcess } from '../testing/serverProcess.ts'
import { mb } from './benchProcess.ts'
import { ms, percentile } from './stats.ts'

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
        const asked = performance.now()
        await fetch(`${server.url}/healthz`).then((r) => r.arrayBuffer())
        health.push(performance.now() - asked)
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
  } finally {
    await server.stop('SIGTERM')
    await anvil.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
