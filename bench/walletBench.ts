import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { gzipSync } from 'node:zlib'
import sirv from 'sirv'
import type { Page } from 'playwright-core'
import { launchWithDevWallet, withDevWallet } from '../e2e/support/chromium.ts'
import { median } from './stats.ts'

type Marks = {
  oursState?: number
  mipdState?: number
  oursScreen?: number
  mipdScreen?: number
  notFound?: number
  started: number
}

async function serveHarness() {
  const serve = sirv('dist/bench-detection', { single: true, dev: true })
  const server = createServer((req, res) => serve(req, res))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => server.close() }
}

const readMarks = (page: Page) => page.evaluate(() => (window as unknown as { marks: Marks }).marks)
const announcedAt = (page: Page) =>
  page.evaluate(() => (window as unknown as { __devWalletAnnouncedAt?: number }).__devWalletAnnouncedAt)

/** Announcement → detected state, and → row painted, for our detector and for mipd, same page, same run. */
export async function benchDetectionLatency(runs = 20) {
  const harness = await serveHarness()
  const browser = await launchWithDevWallet()
  const rows = {
    oursState: [] as number[],
    mipdState: [] as number[],
    oursScreen: [] as number[],
    mipdScreen: [] as number[],
  }
  try {
    for (let i = 0; i < runs; i++) {
      // The wallet announces after the page has settled, so the figure is discovery alone, not page load.
      await browser.page.goto(withDevWallet(harness.url, { appear: 300, legacy: false }))
      await browser.page.waitForFunction(() => {
        const m = (window as unknown as { marks?: Marks }).marks
        return m && m.oursState && m.mipdState && (m.oursScreen ?? 0) > 0 && (m.mipdScreen ?? 0) > 0
      })
      const marks = await readMarks(browser.page)
      const t0 = (await announcedAt(browser.page))!
      rows.oursState.push(marks.oursState! - t0)
      rows.mipdState.push(marks.mipdState! - t0)
      rows.oursScreen.push(marks.oursScreen! - t0)
      rows.mipdScreen.push(marks.mipdScreen! - t0)
    }
  } finally {
    await browser.close()
    harness.close()
  }
  return {
    ours: { state: median(rows.oursState), screen: median(rows.oursScreen) },
    mipd: { state: median(rows.mipdState), screen: median(rows.mipdScreen) },
  }
}

/** Announcement → the wallet's row painted in the real app's open connect dialog. */
export async function benchDialogLatency(appUrl: string, anvilUrl: string, runs = 20) {
  const browser = await launchWithDevWallet()
  const samples: number[] = []
  try {
    await browser.page.addInitScript(() => {
      const w = window as unknown as { rowPainted?: number }
      new MutationObserver((_, observer) => {
        const row = [...document.querySelectorAll('[role="option"]')].find((el) =>
          el.textContent?.includes('Billfold Dev Wallet'),
        )
        if (row) {
          observer.disconnect()
          requestAnimationFrame(() => (w.rowPainted = performance.now()))
        }
      }).observe(document, { subtree: true, childList: true })
    })
    for (let i = 0; i < runs; i++) {
      await browser.page.goto(withDevWallet(appUrl, { appear: 1500, legacy: false, chains: { '31337': anvilUrl } }))
      await browser.page.getByRole('button', { name: 'Connect wallet' }).click()
      await browser.page.waitForFunction(() => (window as unknown as { rowPainted?: number }).rowPainted)
      const painted = await browser.page.evaluate(() => (window as unknown as { rowPainted: number }).rowPainted)
      samples.push(painted - (await announcedAt(browser.page))!)
    }
  } finally {
    await browser.close()
  }
  return median(samples)
}

/** Page load → not-found with no wallet at all; the specification fixes 5000 ms. */
export async function benchNotFoundVerdict(runs = 5) {
  const harness = await serveHarness()
  const browser = await launchWithDevWallet({ extension: false })
  const samples: number[] = []
  try {
    for (let i = 0; i < runs; i++) {
      await browser.page.goto(harness.url)
      await browser.page.waitForFunction(() => (window as unknown as { marks: Marks }).marks.notFound, undefined, {
        timeout: 10_000,
      })
      const marks = await readMarks(browser.page)
      samples.push(marks.notFound! - marks.started)
    }
  } finally {
    await browser.close()
    harness.close()
  }
  return { median: median(samples), min: Math.min(...samples), max: Math.max(...samples) }
}

/** Gzipped JavaScript and CSS the browser must load before first paint: what index.html references. */
export function initialBundleSize(dist = 'dist/web') {
  const html = readFileSync(`${dist}/index.html`, 'utf8')
  const refs = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*\shref)="(\/assets\/[^"]+\.(?:js|css))"/g)].map(
    (m) => m[1]!,
  )
  const gz = (file: string) => gzipSync(readFileSync(`${dist}${file}`)).length
  const js = refs.filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gz(f), 0)
  const css = refs.filter((f) => f.endsWith('.css')).reduce((sum, f) => sum + gz(f), 0)
  return { js, css, files: refs }
}
