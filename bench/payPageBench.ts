import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { alice, signIn } from '../src/api/testing/graphqlClient.ts'
import { createRequest } from '../src/api/testing/paymentRequestInput.ts'
import { launchWithDevWallet, withDevWallet } from '../e2e/support/chromium.ts'
import { startTestApp } from '../testing/startTestApp.ts'
import { startTestChain } from '../testing/testChain.ts'
import { median } from './stats.ts'

/**
 * Chrome's "mid-range phone" profile as Lighthouse uses it: 4× slower CPU, 1.6 Mbps down, 150 ms
 * round trips, and its screen (Moto G Power, 412 × 823): what is largest depends on the width.
 */
const PHONE = {
  viewport: { width: 412, height: 823 },
  cpuSlowdown: 4,
  latencyMs: 150,
  downloadBytesPerSecond: (1.6 * 1024 * 1024) / 8,
  uploadBytesPerSecond: (750 * 1024) / 8,
}

/** How long after Pay is usable the page is left to paint before its LCP is read. */
const SETTLE_MS = 1500

/**
 * The pay page on an emulated mid-range phone, a wallet present and already connected (as a payer
 * returning to the page is): largest contentful paint, and the time until *Pay* is enabled; and
 * the gzipped JavaScript the page loads in all.
 */
export async function benchPayPage(runs = 5) {
  const anvil = await startTestChain(8675)
  const app = await startTestApp({ anvilUrl: anvil.rpcUrl, rateLimitPerMinute: 0, rpcRateLimitPerMinute: 0 })
  const browser = await launchWithDevWallet()
  try {
    const { cookie } = await signIn(app.url, alice)
    const { id } = await createRequest(app.url, cookie, alice, { amount: '12.34', memo: 'Invoice 42' })
    const { page, context } = browser
    const url = withDevWallet(new URL(`/pay/${id}`, app.url).href, { account: 3, chains: { '31337': anvil.rpcUrl } })
    // Connect once, unthrottled: later loads reconnect silently, as for a returning payer.
    await page.setViewportSize(PHONE.viewport)
    await page.goto(url)
    await page.getByRole('button', { name: 'Connect wallet' }).first().click()
    await page
      .getByRole('dialog')
      .getByRole('option', { name: /Billfold Dev Wallet/ })
      .click()
    await page.getByTestId('pay-button').waitFor()

    const scripts = new Set<string>()
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname
      if (path.endsWith('.js') && (path.startsWith('/assets/') || path.startsWith('/walletconnect/'))) scripts.add(path)
    })
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

    const lcp: number[] = []
    const payable: number[] = []
    for (let i = 0; i < runs; i++) {
      await page.goto(url, { waitUntil: 'commit' })
      await page.waitForFunction(
        () => {
          const button = document.querySelector<HTMLButtonElement>('[data-testid="pay-button"]')
          return button !== null && !button.disabled && button.textContent?.startsWith('Pay ')
        },
        undefined,
        { timeout: 60_000, polling: 20 },
      )
      const usable = await page.evaluate(() => performance.now())
      // LCP is final only once the page stops painting larger things (as Lighthouse reads it, at the
      // end of the load): let what follows Pay (balance, fee, signature line) paint before reading.
      await page.waitForTimeout(SETTLE_MS)
      const paint = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            new PerformanceObserver((list) => resolve(list.getEntries().at(-1)!.startTime)).observe({
              type: 'largest-contentful-paint',
              buffered: true,
            })
          }),
      )
      lcp.push(paint)
      payable.push(usable)
    }
    const js = [...scripts].reduce((sum, path) => sum + gzipSync(readFileSync(`dist/web${path}`)).length, 0)
    return {
      lcp: median(lcp),
      payable: median(payable),
      lcpRuns: lcp,
      payableRuns: payable,
      jsBytes: js,
      scripts: scripts.size,
    }
  } finally {
    await browser.close()
    await app.close()
    await anvil.stop()
  }
}
