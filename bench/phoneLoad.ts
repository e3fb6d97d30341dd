import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { BrowserContext, Page } from 'playwright-core'

/**
 * Chrome's "mid-range phone" profile as Lighthouse uses it: 4× slower CPU, 1.6 Mbps down, 150 ms
 * round trips, and its screen (Moto G Power, 412 × 823): what is largest depends on the width.
 */
export const PHONE = {
  viewport: { width: 412, height: 823 },
  cpuSlowdown: 4,
  latencyMs: 150,
  downloadBytesPerSecond: (1.6 * 1024 * 1024) / 8,
  uploadBytesPerSecond: (750 * 1024) / 8,
}

/** How long after the page is usable it is left to paint before its LCP is read. */
const SETTLE_MS = 1500

/** Throttles the page's network and CPU as the phone profile says, with the cache off. */
export async function emulatePhone(context: BrowserContext, page: Page) {
  await page.setViewportSize(PHONE.viewport)
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PHONE.latencyMs,
    downloadThroughput: PHONE.downloadBytesPerSecond,
    uploadThroughput: PHONE.uploadBytesPerSecond,
  })
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuSlowdown })
}

export type PhoneLoad = {
  /** Milliseconds from navigation: first contentful paint, the page usable, largest contentful paint. */
  fcp: number
  usable: number
  lcp: number
  /** Same-origin scripts (paths) fully received before the first paint, before usable, and in all. */
  beforePaint: string[]
  beforeUsable: string[]
  all: string[]
}

/**
 * One load of `url` on the emulated phone (call `emulatePhone` first): waits until `usable` holds in
 * the page, lets it paint on for a while, and reads the paints and which scripts had arrived when.
 */
export async function loadOnPhone(page: Page, url: string, usable: () => boolean): Promise<PhoneLoad> {
  await page.goto(url, { waitUntil: 'commit' })
  await page.waitForFunction(usable, undefined, { timeout: 60_000, polling: 20 })
  const usableAt = await page.evaluate(() => performance.now())
  // LCP is final only once the page stops painting larger things (as Lighthouse reads it, at the
  // end of the load): let what follows paint before reading.
  await page.waitForTimeout(SETTLE_MS)
  return page.evaluate(async (usableAt) => {
    const lcp = await new Promise<number>((resolve) => {
      new PerformanceObserver((list) => resolve(list.getEntries().at(-1)!.startTime)).observe({
        type: 'largest-contentful-paint',
        buffered: true,
      })
    })
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? lcp
    const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .map((entry) => ({ url: new URL(entry.name), end: entry.responseEnd }))
      .filter(({ url }) => url.origin === location.origin && url.pathname.endsWith('.js'))
    // No local functions here: the bench's loader would name them with a helper the page lacks.
    const [beforePaint, beforeUsable, all] = [fcp, usableAt, Infinity].map((before) =>
      scripts.filter((s) => s.end <= before).map((s) => s.url.pathname),
    )
    return { fcp, usable: usableAt, lcp, beforePaint: beforePaint!, beforeUsable: beforeUsable!, all: all! }
  }, usableAt)
}

/** Gzipped size of the scripts at these paths under a built app's folder. */
export const gzippedBytes = (root: string, paths: readonly string[]) =>
  [...new Set(paths)].reduce((sum, path) => sum + gzipSync(readFileSync(join(root, path)), { level: 9 }).length, 0)
