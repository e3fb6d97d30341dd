import { alice, signIn } from '../src/api/testing/graphqlClient.ts'
import { createRequest } from '../src/api/testing/paymentRequestInput.ts'
import { launchWithDevWallet, withDevWallet } from '../e2e/support/chromium.ts'
import { startTestApp } from '../testing/startTestApp.ts'
import { startTestChain } from '../testing/testChain.ts'
import { emulatePhone, gzippedBytes, loadOnPhone, PHONE, type PhoneLoad } from './phoneLoad.ts'
import { median } from './stats.ts'

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
    await emulatePhone(context, page)
    const loads: PhoneLoad[] = []
    for (let i = 0; i < runs; i++)
      loads.push(
        await loadOnPhone(page, url, () => {
          const button = document.querySelector<HTMLButtonElement>('[data-testid="pay-button"]')
          return button !== null && !button.disabled && button.textContent?.startsWith('Pay ') === true
        }),
      )
    return summarizeLoads(loads, 'dist/web')
  } finally {
    await browser.close()
    await app.close()
    await anvil.stop()
  }
}

/** Medians of the loads and the gzipped JavaScript each milestone needed (from the last load). */
export function summarizeLoads(loads: readonly PhoneLoad[], root: string) {
  const last = loads.at(-1)!
  return {
    lcp: median(loads.map((l) => l.lcp)),
    payable: median(loads.map((l) => l.usable)),
    lcpRuns: loads.map((l) => l.lcp),
    payableRuns: loads.map((l) => l.usable),
    jsBeforePaint: gzippedBytes(root, last.beforePaint),
    jsBeforeUsable: gzippedBytes(root, last.beforeUsable),
    jsBytes: gzippedBytes(root, last.all),
    scripts: new Set(last.all).size,
  }
}
