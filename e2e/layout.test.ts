import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { bob, graphql, signIn } from '../src/api/testing/graphqlClient.ts'
import { createRequest } from '../src/api/testing/paymentRequestInput.ts'
import { pay } from '../src/watcher/testing/payments.ts'
import { LANGUAGES } from '../src/domain/locales.ts'
import { launchWithDevWallet, withDevWallet, type WalletBrowser } from './support/chromium.ts'
import { englishLeftOn } from './support/englishLeft.ts'
import { layoutProblems } from './support/layout.ts'
import { closeBrowsers, connectDevWallet, openBrowsers, personAt } from './support/people.ts'
import { expectAccessible } from './support/screens.ts'

const appUrl = inject('appUrl')
const anvilUrl = inject('anvilUrl')
const SIZES = [
  { width: 375, height: 667 },
  { width: 1280, height: 800 },
]
const THEMES = ['light', 'dark'] as const

describe('the payer’s pages fit every language, phone and desktop, light and dark', () => {
  let browser: WalletBrowser
  let page: Page
  let payPath: string
  let receiptPath: string

  beforeAll(async () => {
    const { cookie } = await signIn(appUrl, bob)
    // A long name and a site: the payee line has to wrap, not spill.
    await graphql(
      appUrl,
      'mutation { updateMyProfile(displayName: "Atelier Schönberg & Partner Gestaltung", website: "https://atelier-schoenberg.example") { displayName } }',
      { cookie },
    )
    const open = await createRequest(appUrl, cookie, bob, {
      amount: '1234.5',
      memo: 'Logo, Geschäftsausstattung und Website',
    })
    const paid = await createRequest(appUrl, cookie, bob, { amount: '3' })
    await pay(anvilUrl, { from: 6, to: bob.address, amount: 3_000_000n, reference: paid.reference })
    payPath = `/pay/${open.id}`
    receiptPath = `/receipts/${paid.id}`
    browser = await launchWithDevWallet()
    page = browser.page
    await page.goto(withDevWallet(new URL(payPath, appUrl).href, { account: 6, chains: { '31337': anvilUrl } }))
    await connectDevWallet(page)
  })
  afterAll(() => browser?.close())

  it.each(Object.keys(LANGUAGES))('in %s', async (code) => {
    for (const path of [payPath, receiptPath]) {
      await page.goto(new URL(path, appUrl).href)
      await page.getByTestId('language-picker').selectOption(code)
      await expect.poll(() => page.locator('html').getAttribute('lang')).toBe(code)
      if (path === payPath) await page.getByTestId('network-fee').waitFor()
      else await page.getByTestId('receipt-amount').waitFor()
      for (const size of SIZES)
        for (const theme of THEMES) {
          const where = `${path.split('/')[1]} in ${code}, ${size.width}×${size.height}, ${theme}`
          await page.setViewportSize(size)
          await page.emulateMedia({ colorScheme: theme })
          expect(await layoutProblems(page), where).toEqual([])
          await expectAccessible(page, where)
          if (path === payPath) {
            // A connected payer sees Pay without scrolling, and nothing asks them to sign in.
            const pay = await page.getByTestId('pay-button').boundingBox()
            expect(pay!.y + pay!.height, where).toBeLessThanOrEqual(size.height)
            expect(await page.getByRole('button', { name: 'Sign in' }).count(), where).toBe(0)
          }
        }
      const english = code === 'en' ? [] : await englishLeftOn(page, code)
      expect(english, `English left on ${path} in ${code}`).toEqual([])
    }
  })
})

describe('the payee’s screens fit phone and desktop, light and dark', () => {
  let page: Page
  let requestPath: string

  beforeAll(async () => {
    const { cookie } = await signIn(appUrl, bob)
    const partial = await createRequest(appUrl, cookie, bob, { amount: '40', memo: 'Half now, half on delivery' })
    await pay(anvilUrl, { from: 6, to: bob.address, amount: 7_770_000n, reference: partial.reference })
    requestPath = `/requests/${partial.id}`
    // Dev account 1 is bob.
    page = await personAt('/', 1, { signIn: true })
  })
  afterAll(closeBrowsers)

  const screens: [string, () => string, (page: Page) => Promise<unknown>][] = [
    ['dashboard', () => '/', (p) => p.getByTestId('row-progress').waitFor()],
    ['new request', () => '/new', (p) => p.getByRole('heading', { name: 'New payment request' }).waitFor()],
    ['request', () => requestPath, (p) => p.getByTestId('timeline').waitFor()],
    ['developers', () => '/developers', (p) => p.getByText('No API keys yet.').waitFor()],
    ['settings', () => '/settings', (p) => p.getByLabel('Display name').waitFor()],
    ['unmatched', () => '/unmatched', (p) => p.locator('h1').waitFor()],
  ]
  it.each(screens)('%s', async (name, path, ready) => {
    await page.goto(new URL(path(), appUrl).href)
    await ready(page)
    for (const size of SIZES)
      for (const theme of THEMES) {
        const where = `${name}, ${size.width}×${size.height}, ${theme}`
        await page.setViewportSize(size)
        await page.emulateMedia({ colorScheme: theme })
        expect(await layoutProblems(page), where).toEqual([])
        await expectAccessible(page, where)
      }
  })

  it('the start page, to a visitor', async () => {
    const visitor = await launchWithDevWallet({ extension: false })
    openBrowsers.push(visitor)
    await visitor.page.goto(appUrl)
    await visitor.page.getByRole('heading', { level: 1 }).waitFor()
    for (const size of SIZES)
      for (const theme of THEMES) {
        await visitor.page.setViewportSize(size)
        await visitor.page.emulateMedia({ colorScheme: theme })
        expect(await layoutProblems(visitor.page), `start, ${size.width}, ${theme}`).toEqual([])
      }
    // Its call to action is in the page, not only in the header.
    expect(await visitor.page.locator('main').getByRole('button', { name: 'Connect a wallet to start' }).count()).toBe(
      1,
    )
  })
})
