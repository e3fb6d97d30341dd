import { execFile } from 'node:child_process'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import sirv from 'sirv'
import { launchWithDevWallet } from '../../e2e/support/chromium.ts'
import { benchPayPage, summarizeLoads } from '../payPageBench.ts'
import { emulatePhone, loadOnPhone, type PhoneLoad } from '../phoneLoad.ts'
import { ratio } from '../stats.ts'
import { installPeer } from './installPeer.ts'

const RUNS = 5

/** Each peer's app and how its page tells that its pay button works: present and enabled. */
const PEERS = [
  {
    name: 'Daimo Pay',
    folder: 'daimo',
    usable: () => {
      const button = document.querySelector<HTMLButtonElement>('main button')
      return button !== null && !button.disabled && button.textContent?.trim() === 'Pay'
    },
  },
  {
    name: 'OnchainKit',
    folder: 'onchainkit',
    usable: () => {
      const button = document.querySelector<HTMLButtonElement>('main button[aria-label="Pay"]')
      return button !== null && !button.disabled
    },
  },
] as const

/**
 * Billfold's pay page against Daimo's pay button and OnchainKit's Checkout, each built for production
 * by the bench and served compressed as Billfold serves its own, loaded on the same emulated phone.
 */
export async function checkoutsAgainstPeers() {
  console.log(
    `\nThe pay page against Daimo's and Coinbase's checkouts: JavaScript (gzip) before the first paint and before Pay works, and LCP, on the pay bench's emulated phone (median of ${RUNS}; goal: Billfold ≤ 0.5× the bytes of the smaller peer, a lower LCP)`,
  )
  const rows: { name: string; figures: Awaited<ReturnType<typeof benchPayPage>> }[] = []
  for (const peer of PEERS) rows.push({ name: peer.name, figures: await loadPeer(peer) })
  rows.unshift({ name: 'Billfold', figures: await benchPayPage(RUNS) })
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`.padStart(9)
  const s = (value: number) => `${(value / 1000).toFixed(2)} s`
  for (const { name, figures } of rows)
    console.log(
      `  ${name.padEnd(10)} before paint ${kb(figures.jsBeforePaint)}   before Pay works ${kb(figures.jsBeforeUsable)}   in all ${kb(figures.jsBytes)} (${figures.scripts} files)   LCP ${s(figures.lcp)}   Pay works ${s(figures.payable)}`,
    )
  const [ours, ...peers] = rows.map((row) => row.figures)
  const smaller = peers.reduce((a, b) => (a.jsBeforeUsable <= b.jsBeforeUsable ? a : b))
  const fastest = peers.reduce((a, b) => (a.lcp <= b.lcp ? a : b))
  console.log(
    `  Billfold/smaller peer: bytes before Pay works ${ratio(ours!.jsBeforeUsable, smaller.jsBeforeUsable)}, before paint ${ratio(ours!.jsBeforePaint, smaller.jsBeforePaint)}; LCP against the faster peer ${ratio(ours!.lcp, fastest.lcp)}`,
  )
  console.log(
    '  (offline here, the peers’ calls to their own services fail at once; on a real network they would wait for them)',
  )
}

async function loadPeer(peer: (typeof PEERS)[number]) {
  const folder = fileURLToPath(new URL(`./${peer.folder}/`, import.meta.url))
  await installPeer(folder)
  const run = promisify(execFile)
  await run('npm', ['run', 'build', '--silent'], { cwd: folder, maxBuffer: 1 << 24 })
  const dist = `${folder}dist`
  await run(process.execPath, ['--import', 'tsx', 'scripts/compressAssets.ts', dist])
  const assets = sirv(dist, { immutable: true, etag: true, brotli: true, gzip: true, single: true })
  const server = createServer((request, response) => assets(request, response))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
  const browser = await launchWithDevWallet({ extension: false })
  try {
    await emulatePhone(browser.context, browser.page)
    const loads: PhoneLoad[] = []
    for (let i = 0; i < RUNS; i++) loads.push(await loadOnPhone(browser.page, url, peer.usable))
    return summarizeLoads(loads, dist)
  } finally {
    await browser.close()
    server.close()
  }
}
