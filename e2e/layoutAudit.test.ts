import { mkdirSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { DEV_USDC_ADDRESS } from '../src/chain/tokens.ts'
import { bob, graphql, signIn } from '../src/api/testing/graphqlClient.ts'
import { createInvoice, invoiceInput, sellerInput, setSellerDetails } from '../src/api/testing/invoiceClient.ts'
import { createPaymentLink } from '../src/api/testing/merchantClient.ts'
import { createRequest } from '../src/api/testing/paymentRequestInput.ts'
import { authoriseQuoteKey, createPricedRequest, signedPricedInput } from '../src/api/testing/pricedRequestClient.ts'
import { createSchedule } from '../src/api/testing/scheduleClient.ts'
import { LANGUAGES } from '../src/domain/locales.ts'
import { pay } from '../src/watcher/testing/payments.ts'
import { launchWithDevWallet, withDevWallet } from './support/chromium.ts'
import { layoutProblems } from './support/layout.ts'
import { closeBrowsers, connectDevWallet, openBrowsers, personAt } from './support/people.ts'
import { expectAccessible, screenshotDir } from './support/screens.ts'

const appUrl = inject('appUrl')
const anvilUrl = inject('anvilUrl')

/**
 * Every screen of both audiences, in every language at 375 px light (the cheap check), and in the
 * fully checked languages at 375 and 1280 px, light and dark, with axe in each theme.
 * `LAYOUT_AUDIT_LANGUAGES` (comma-separated) narrows or widens the first list.
 */
const LANGUAGE_LIST = process.env.LAYOUT_AUDIT_LANGUAGES?.split(',') ?? Object.keys(LANGUAGES)
const FULLY_CHECKED = ['en', 'de']
const PHONE = { width: 375, height: 667 }
const DESKTOP = { width: 1280, height: 800 }
const COMBOS = [
  { size: PHONE, theme: 'light' },
  { size: PHONE, theme: 'dark' },
  { size: DESKTOP, theme: 'light' },
  { size: DESKTOP, theme: 'dark' },
] as const

/** Screens whose look this audit documents: `<name>-<width>.png`, in English, light. */
const PICTURED = new Set(['new request', 'new priced request', 'new invoice', 'invoice pay page', 'statement'])

/**
 * Controls the browser would draw in its own default look: a checkbox, radio, select, date or
 * file input whose computed `appearance` is still `auto` (the file input's button likewise).
 */
async function nativeControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const typed = new Set(['text', 'email', 'url', 'search', 'tel', 'password', 'number', 'hidden'])
    const found: string[] = []
    for (const control of document.querySelectorAll<HTMLInputElement | HTMLSelectElement>('input, select')) {
      if (control instanceof HTMLInputElement && typed.has(control.type)) continue
      if (control.getClientRects().length === 0) continue
      const own = getComputedStyle(control).appearance
      const button =
        control instanceof HTMLInputElement && control.type === 'file'
          ? getComputedStyle(control, '::file-selector-button').appearance
          : 'none'
      if (own === 'auto' || button === 'auto')
        found.push(`<${control.tagName.toLowerCase()} type=${control.type} id=${control.id || '-'}>`)
    }
    return found
  })
}

/** Moves within the app as its own links do, keeping the wallet's connection. */
const go = (page: Page, path: string) =>
  page.evaluate((to) => {
    history.pushState(null, '', to)
    dispatchEvent(new PopStateEvent('popstate'))
  }, path)

/**
 * A table drawn as cards (a phone's `.requests`): every value under a column header must carry that
 * label, and the caption must span the cards rather than sit in a column beside them.
 */
async function unlabelledCards(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = []
    for (const table of document.querySelectorAll<HTMLTableElement>('table.requests')) {
      if (getComputedStyle(table).display !== 'block' || table.getClientRects().length === 0) continue
      const caption = table.caption?.getBoundingClientRect()
      // A caption for screen readers only (clipped to a pixel) is not drawn.
      if (caption && caption.width > 1 && caption.width < table.getBoundingClientRect().width - 2)
        found.push(`the caption “${table.caption!.textContent!.slice(0, 30)}” is narrower than its cards`)
      const heads = [...(table.tHead?.rows[0]?.cells ?? [])].map((cell) => cell.textContent?.trim() ?? '')
      for (const body of table.tBodies)
        for (const row of body.rows)
          [...row.cells].forEach((cell, i) => {
            const shown = getComputedStyle(cell, '::before').content
            if (heads[i] && cell.textContent?.trim() && (!cell.dataset.label || shown === 'none'))
              found.push(`“${cell.textContent.trim().slice(0, 30)}” without its label “${heads[i]}”`)
          })
    }
    return found
  })
}

type Screen = {
  name: string
  audience: 'payer' | 'payee'
  path: () => string
  /** Brings the screen to the state to check, once loaded. */
  ready?: (page: Page) => Promise<unknown>
}

describe('every screen, in every language, phone and desktop, light and dark', () => {
  const paths: Record<string, string> = {}
  let payee: Page
  let payer: Page

  beforeAll(async () => {
    const { cookie } = await signIn(appUrl, bob)
    await graphql(appUrl, 'mutation { setReportingCurrency(currency: "EUR") }', { cookie })
    await graphql(
      appUrl,
      'mutation { updateMyProfile(displayName: "Atelier Schönberg & Partner Gestaltung", website: "https://atelier-schoenberg.example") { displayName } }',
      { cookie },
    )
    const open = await createRequest(appUrl, cookie, bob, { amount: '1234.5', memo: 'Logo und Website' })
    const paid = await createRequest(appUrl, cookie, bob, { amount: '3', memo: 'Beratung' })
    await pay(anvilUrl, { from: 6, to: bob.address, amount: 3_000_000n, reference: paid.reference })
    await authoriseQuoteKey(appUrl, cookie, bob)
    const priced = await createPricedRequest(
      appUrl,
      cookie,
      await signedPricedInput(bob, { acceptedAssets: [DEV_USDC_ADDRESS], price: '150.00' }),
    )
    await setSellerDetails(appUrl, cookie, sellerInput())
    const invoice = await createInvoice(appUrl, cookie, bob, invoiceInput())
    const link = await createPaymentLink(appUrl, cookie, bob, {
      title: 'Kaffee',
      chainId: 31337,
      asset: DEV_USDC_ADDRESS,
      // The payer chooses: the link's own page stays (a fixed amount goes straight to paying).
      minAmount: '1',
      maxAmount: '100',
    })
    const { schedule } = await createSchedule(appUrl, cookie, bob)
    Object.assign(paths, {
      pay: `/pay/${open.id}`,
      receipt: `/receipts/${paid.id}`,
      request: `/requests/${open.id}`,
      priced: `/pay/${priced.data!.createPricedPaymentRequest.id}`,
      invoice: `/pay/${invoice.data!.createInvoice.requestId}`,
      link: `/l/${link.id}`,
      schedule: schedule!.linkPath,
    })
    // Dev account 1 is bob; account 6 pays.
    payee = await personAt('/', 1, { signIn: true })
    const browser = await launchWithDevWallet()
    openBrowsers.push(browser)
    payer = browser.page
    await payer.goto(withDevWallet(new URL(paths.pay!, appUrl).href, { account: 6, chains: { '31337': anvilUrl } }))
    await connectDevWallet(payer)
    mkdirSync(screenshotDir, { recursive: true })
  })
  afterAll(closeBrowsers)

  const screens: Screen[] = [
    {
      name: 'pay page',
      audience: 'payer',
      path: () => paths.pay!,
      ready: (p) => p.getByTestId('network-fee').waitFor(),
    },
    {
      name: 'payment link',
      audience: 'payer',
      path: () => paths.link!,
      ready: (p) => p.locator('#link-amount').waitFor(),
    },
    {
      name: 'receipt',
      audience: 'payer',
      path: () => paths.receipt!,
      ready: (p) => p.getByTestId('receipt-amount').waitFor(),
    },
    {
      name: 'priced pay page',
      audience: 'payer',
      path: () => paths.priced!,
      ready: (p) => p.getByTestId('request-amount').waitFor(),
    },
    {
      name: 'invoice pay page',
      audience: 'payer',
      path: () => paths.invoice!,
      ready: (p) => p.getByTestId('invoice-panel').waitFor(),
    },
    { name: 'schedule link', audience: 'payer', path: () => paths.schedule!, ready: (p) => p.waitForURL(/\/pay\//) },
    { name: 'dashboard', audience: 'payee', path: () => '/', ready: (p) => p.locator('table.requests').waitFor() },
    {
      name: 'new request',
      audience: 'payee',
      path: () => '/new',
      ready: (p) => p.locator('input[name="request-kind"]').first().waitFor({ state: 'attached' }),
    },
    {
      name: 'new priced request',
      audience: 'payee',
      path: () => '/new',
      ready: async (p) => {
        await p.locator('input[name="request-kind"]').nth(1).check({ force: true })
        await p.locator('input[type="checkbox"]').first().waitFor({ state: 'attached' })
      },
    },
    {
      name: 'request',
      audience: 'payee',
      path: () => paths.request!,
      ready: (p) => p.getByTestId('timeline').waitFor(),
    },
    { name: 'unmatched', audience: 'payee', path: () => '/unmatched' },
    {
      name: 'settings and relayers',
      audience: 'payee',
      path: () => '/settings',
      ready: (p) => p.getByTestId('relayer-enabled').first().waitFor(),
    },
    {
      name: 'developers',
      audience: 'payee',
      path: () => '/developers',
      ready: (p) => p.locator('table').first().waitFor(),
    },
    {
      name: 'invoices',
      audience: 'payee',
      path: () => '/invoices',
      ready: (p) => p.locator('table').first().waitFor(),
    },
    {
      name: 'new invoice',
      audience: 'payee',
      path: () => '/invoices/new',
      ready: (p) => p.locator('#invoice-buyer-name').waitFor(),
    },
    {
      name: 'schedules',
      audience: 'payee',
      path: () => '/schedules',
      ready: (p) => p.getByTestId('schedule').first().waitFor(),
    },
    {
      name: 'statement',
      audience: 'payee',
      path: () => '/statements',
      ready: (p) => p.getByTestId('statement-line').first().waitFor(),
    },
  ]

  it.each(LANGUAGE_LIST)(
    'in %s',
    async (code) => {
      const combos = FULLY_CHECKED.includes(code) ? COMBOS : COMBOS.slice(0, 1)
      // The chosen language is read as the app starts: each browser loads afresh once, then moves
      // within the app as its links do.
      for (const browserPage of [payee, payer])
        await browserPage.evaluate((chosen) => localStorage.setItem('billfold.language', chosen), code)
      const started = new Set<Page>()
      for (const screen of screens) {
        const page = screen.audience === 'payer' ? payer : payee
        await page.setViewportSize(PHONE)
        await page.emulateMedia({ colorScheme: 'light' })
        if (!started.has(page)) {
          await page.goto(new URL(screen.path(), appUrl).href)
          started.add(page)
        } else if (new URL(page.url()).pathname !== screen.path()) {
          // The heading of the screen left is marked, so the wait below is for the next one's.
          await page.evaluate(() => document.querySelector('h1')?.setAttribute('data-left', ''))
          await go(page, screen.path())
        }
        await page.locator('h1:not([data-left])').first().waitFor()
        await screen.ready?.(page)
        for (const { size, theme } of combos) {
          const where = `${screen.name} in ${code}, ${size.width} px, ${theme}`
          await page.setViewportSize(size)
          await page.emulateMedia({ colorScheme: theme })
          if (code === 'en' && theme === 'light' && PICTURED.has(screen.name))
            await page.screenshot({
              path: `${screenshotDir}${screen.name.replaceAll(' ', '-')}-${size.width}.png`,
              fullPage: true,
            })
          expect.soft(await layoutProblems(page), where).toEqual([])
          expect.soft(await nativeControls(page), `${where}: controls in the browser's default look`).toEqual([])
          expect.soft(await unlabelledCards(page), `${where}: cards`).toEqual([])
          // axe once per theme: its rules read colours and names, which the width does not change.
          if (FULLY_CHECKED.includes(code) && (size === PHONE) === (theme === 'light'))
            await expectAccessible(page, where)
        }
      }
    },
    180_000,
  )
})
