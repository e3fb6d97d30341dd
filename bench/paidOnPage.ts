import type { Page } from 'playwright-core'

/**
 * Starts watching an open pay page for *paid* (the status badge), then lets its live-update stream
 * settle: `paidAt()` gives when it was painted (ms since the epoch), waiting for it up to 15 s.
 */
export async function watchForPaid(page: Page) {
  // A string, so that the bundler's helpers stay out of code that runs in the page.
  await page.evaluate(`{
    const observer = new MutationObserver(() => {
      if (!document.querySelector('[data-testid="request-status"][data-status="paid"]')) return
      window.paidAt = Date.now()
      observer.disconnect()
    })
    observer.observe(document.body, { subtree: true, childList: true, attributes: true })
  }`)
  await new Promise((resolve) => setTimeout(resolve, 1000))
  return {
    paidAt: async () => {
      // A function, not a string: the production CSP refuses to evaluate strings in the page.
      await page.waitForFunction(() => (window as { paidAt?: number }).paidAt !== undefined, undefined, {
        timeout: 15_000,
      })
      return (await page.evaluate('window.paidAt')) as number
    },
  }
}
