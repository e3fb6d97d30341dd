import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import AxeBuilder from '@axe-core/playwright'
import { errors, type Page } from 'playwright-core'
import { expect } from 'vitest'

/** Where the suite writes its screenshots; the README links here. */
export const screenshotDir = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url))

export const MOBILE = { width: 375, height: 812 }
const DESKTOP = { width: 1280, height: 800 }

/** axe-core on the page as it is now: no serious or critical violation (WCAG 2.x A and AA rules). */
export async function expectAccessible(page: Page, screen: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  const blocking = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${screen}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  expect(blocking).toEqual([])
}

/** Nothing wider than the viewport: no sideways scrolling. */
export async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth')
  expect(overflow).toBe(0)
}

/**
 * A full-page capture (Chromium's captureBeyondViewport) now and then never answers on a loaded
 * machine, the page itself being idle; a fresh attempt answers at once. The picture is documentation,
 * so a stalled capture is tried again rather than failing the behaviour under test.
 */
async function writeScreenshot(page: Page, path: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      await page.screenshot({ path, fullPage: true, timeout: 10_000 })
      return
    } catch (error) {
      if (!(error instanceof errors.TimeoutError) || attempt === 3) throw error
    }
  }
}

/**
 * Checks the screen with axe-core at desktop and at 375 px wide, in light and dark themes, and
 * writes `<name>-desktop.png`, `<name>-mobile.png` and `<name>-dark.png`.
 */
export async function checkScreen(page: Page, name: string, { mobileFits = true }: { mobileFits?: boolean } = {}) {
  mkdirSync(screenshotDir, { recursive: true })
  const viewport = page.viewportSize() ?? DESKTOP
  try {
    await page.setViewportSize(DESKTOP)
    await expectAccessible(page, `${name} (desktop, light)`)
    await writeScreenshot(page, `${screenshotDir}${name}-desktop.png`)
    await page.emulateMedia({ colorScheme: 'dark' })
    await expectAccessible(page, `${name} (desktop, dark)`)
    await writeScreenshot(page, `${screenshotDir}${name}-dark.png`)
    await page.emulateMedia({ colorScheme: 'light' })
    await page.setViewportSize(MOBILE)
    await expectAccessible(page, `${name} (375 px)`)
    if (mobileFits) await expectNoHorizontalScroll(page)
    await writeScreenshot(page, `${screenshotDir}${name}-mobile.png`)
  } finally {
    await page.emulateMedia({ colorScheme: null })
    await page.setViewportSize(viewport)
  }
}
