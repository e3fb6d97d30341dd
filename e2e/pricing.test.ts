import type { Page } from 'playwright-core'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { devAccounts } from '../src/chain/devnet/setUpDevChain.ts'
import { refreshDevPriceFeeds } from '../src/chain/devnet/setUpDevPriceFeeds.ts'
import { launchWithDevWallet, withDevWallet } from './support/chromium.ts'
import { closeBrowsers, openBrowsers, personAt, statusOf } from './support/people.ts'
import { eq } from 'drizzle-orm'
import { alice, signIn } from '../src/api/testing/graphqlClient.ts'
import {
  authoriseQuoteKey,
  createPricedRequest,
  quoteOf,
  signedPricedInput,
} from '../src/api/testing/pricedRequestClient.ts'
import { priceQuotes } from '../src/db/schema.ts'
import { NATIVE_ASSET } from '../src/domain/paymentRequest.ts'
import { startTestApp } from '../testing/startTestApp.ts'
import { checkScreen } from './support/screens.ts'

afterEach(closeBrowsers)

/** Moves within the app as its own links do, keeping the wallet's connection. */
const go = (page: Page, path: string) =>
  page.evaluate((to) => {
    history.pushState(null, '', to)
    dispatchEvent(new PopStateEvent('popstate'))
  }, path)

describe('a request priced in euros', () => {
  it('the payee prices 1,500 EUR in USDC or ETH; a payer in German picks ETH, checks the rate, pays at the quote; both screens turn paid', async () => {
    // As `npm start` does: the shared dev chain's feeds stay fresh whatever other tests did to its clock.
    await refreshDevPriceFeeds(inject('anvilUrl'), devAccounts[0]!)
    const payee = await personAt('/settings', 0, { signIn: true })
    await payee.getByLabel('Currency of your books').selectOption('EUR')
    await payee.getByTestId('books-saved').waitFor()
    await go(payee, '/new')
    await payee.getByLabel('In a currency (EUR, USD…)').check()
    await payee.getByLabel('Currency', { exact: true }).selectOption('EUR')
    await payee.getByLabel('Price', { exact: true }).fill('1500')
    await payee.getByLabel('USDC', { exact: true }).check()
    await payee.getByLabel('ETH', { exact: true }).check()
    await payee.getByLabel(/^Memo/).fill('Website, Oktober')
    await checkScreen(payee, 'priced-create')
    await payee.getByRole('button', { name: 'Sign and create request' }).click()
    await payee.waitForURL(/\/requests\/[A-Za-z0-9]{16}$/)
    expect(await payee.getByTestId('request-amount').textContent()).toBe('€1,500.00')
    const payLink = await payee.getByRole('textbox', { name: 'Pay link' }).inputValue()

    const browser = await launchWithDevWallet({ locale: 'de-DE' })
    openBrowsers.push(browser)
    const payer = browser.page
    await payer.goto(withDevWallet(payLink, { account: 7, chains: { '31337': inject('anvilUrl') } }))
    await payer.getByTestId('signature-verified').waitFor()
    expect(await payer.getByTestId('request-amount').textContent()).toBe('1.500,00\u00a0€')
    expect(await payer.getByTestId('request-memo').textContent()).toBe('Website, Oktober')
    await payer.getByRole('heading', { name: 'Womit möchten Sie zahlen?' }).waitFor()
    await checkScreen(payer, 'priced-pay')

    await payer.getByRole('button', { name: 'Mit ETH zahlen' }).click()
    await payer.waitForURL((url) => url.pathname !== new URL(payLink).pathname)
    // 1,500 EUR at 1 EUR = 1.0752 USD and 1 ETH = 3,000 USD.
    // The price once, what to pay once, the rates in words with their age; rounds only under Details.
    expect(await payer.getByTestId('quote-line').textContent()).toBe('Preis: 1.500,00\u00a0€')
    expect(await payer.getByTestId('request-amount').textContent()).toBe('0,5376 ETH')
    const rates = await payer.getByTestId('quote-rate').allTextContents()
    expect(rates).toHaveLength(2)
    expect(rates[0]).toMatch(/^1 ETH = 3\.000 USD, (vor \d+ (Sekunden|Minuten?|Stunden?)|jetzt)$/)
    expect(rates[1]).toMatch(/^1 EUR = 1,0752 USD, (vor \d+ (Sekunden|Minuten?|Stunden?)|jetzt)$/)
    expect(
      await payer
        .getByText(/Runde \d+/)
        .first()
        .isVisible(),
    ).toBe(false)
    // The quote's end is its countdown, not a due date "in 15 Minuten".
    expect(await payer.getByText(/in 1[45] Minuten/).count()).toBe(0)
    await expect
      .poll(() => payer.getByTestId('quote-countdown').textContent())
      .toMatch(/^Kurs gehalten für 1[45]:\d\d$/)
    expect(await payer.getByTestId('signature-verified').textContent()).not.toContain('Billfold price quotes')
    await payer.getByTestId('quote-details').getByText('Details').click()
    expect(await payer.getByTestId('quote-proof').allTextContents()).toEqual([
      expect.stringMatching(/^Chainlink ETH\/USD, Runde \d+$/),
      expect.stringMatching(/^Chainlink EUR\/USD, Runde \d+$/),
    ])
    await payer.getByRole('button', { name: 'Kurs prüfen' }).click()
    await payer.getByTestId('quote-checked').waitFor()
    await payer.getByTestId('signature-verified').waitFor()
    await payer.getByRole('button', { name: 'Wallet verbinden' }).first().click()
    await payer
      .getByRole('dialog')
      .getByRole('option', { name: /Billfold Dev Wallet/ })
      .click()
    await payer.getByTestId('account-address').waitFor()
    // A balance is read rounded; the exact figure is a tap away.
    const balance = payer.getByTestId('payer-balance')
    await expect.poll(() => balance.textContent()).toMatch(/^Ihr Guthaben: [\d.]+(,\d{1,4})? ETH\.$/)
    await checkScreen(payer, 'priced-quote')
    // Pay is on the first screen of a 375×667 phone, with the proof folded.
    await payer.setViewportSize({ width: 375, height: 667 })
    await payer.getByTestId('quote-details').getByText('Details').click()
    await payer.getByTestId('quote-proof').first().waitFor({ state: 'hidden' })
    await payer.evaluate(() => window.scrollTo(0, 0))
    const pay = payer.getByRole('button', { name: '0,5376 ETH zahlen' })
    const box = (await pay.boundingBox())!
    expect(box.y + box.height).toBeLessThanOrEqual(667)
    await pay.click()
    await payer.getByTestId('paid-outcome').waitFor({ timeout: 15_000 })

    await payee.reload()
    await expect.poll(() => statusOf(payee), { timeout: 15_000 }).toBe('paid')
    expect(await payee.getByTestId('request-received').textContent()).toBe('€1,500.00')
    await payee.getByText(/^Received 0\.5376 ETH from 0x/).waitFor()
    await payer.getByRole('link', { name: 'Zurück zum Preis' }).click()
    await expect.poll(() => statusOf(payer), { timeout: 15_000 }).toBe('paid')
    expect(await payer.getByTestId('priced-payments').textContent()).toBe('0,5376 ETH bezahlt für 1.500,00\u00a0€')
    await payer.getByRole('link', { name: 'Beleg ansehen' }).waitFor()

    // The payee's books: the payment on this month's statement, at its quote, in euros.
    await go(payee, '/statements')
    const line = payee.getByTestId('statement-line').filter({ hasText: '0.5376 ETH' })
    await expect.poll(() => line.textContent(), { timeout: 40_000 }).toContain('€1,500.00')
    expect(await payee.getByTestId('statement-total').textContent()).toMatch(/^€[\d,]+\.\d\d$/)
    await checkScreen(payee, 'statement')
  })

  it('shows a quote that does not match its signature as unverifiable when the payer checks it', async () => {
    const app = await startTestApp({ anvilUrl: inject('anvilUrl'), rateLimitPerMinute: 0 })
    try {
      await refreshDevPriceFeeds(inject('anvilUrl'), devAccounts[0]!)
      const { cookie } = await signIn(app.url, alice)
      await authoriseQuoteKey(app.url, cookie, alice)
      const priced = (
        await createPricedRequest(app.url, cookie, await signedPricedInput(alice, { acceptedAssets: [NATIVE_ASSET] }))
      ).data!.createPricedPaymentRequest
      const quoted = (await quoteOf(app.url, priced.id, NATIVE_ASSET)).data!.quotePaymentRequest
      // The stored quote now names another round than the one its key signed.
      await app.database.db
        .update(priceQuotes)
        .set({ tokenRound: (BigInt(quoted.quote.tokenRound) + 1n).toString() })
        .where(eq(priceQuotes.requestId, quoted.id))
      const browser = await launchWithDevWallet()
      openBrowsers.push(browser)
      const payer = browser.page
      await payer.goto(`${app.url}/pay/${quoted.id}`)
      await payer.getByTestId('quote-details').getByText('Details').click()
      await payer.getByRole('button', { name: 'Check the rate' }).click()
      const unverifiable = payer.getByTestId('quote-unverifiable')
      await unverifiable.waitFor()
      expect(await unverifiable.textContent()).toBe(
        'This quote could not be verified: it was not signed by the payee’s quote key. Do not pay it; get a new rate.',
      )
      expect(await payer.getByTestId('quote-checked').count()).toBe(0)
    } finally {
      await app.close()
    }
  })
})
