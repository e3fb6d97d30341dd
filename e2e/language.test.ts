import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Page } from 'playwright-core'
import { bob, signIn } from '../src/api/testing/graphqlClient.ts'
import { createRequest } from '../src/api/testing/paymentRequestInput.ts'
import { pay } from '../src/watcher/testing/payments.ts'
import payeeRequestsDe from '../src/i18n/catalogs/payee/requests/de.ts'
import payeeStartDe from '../src/i18n/catalogs/payee/start/de.ts'
import shellDe from '../src/i18n/catalogs/shell/de.ts'
import { launchWithDevWallet, withDevWallet, type WalletBrowser } from './support/chromium.ts'
import { visibleTexts } from './support/layout.ts'

const appUrl = inject('appUrl')
const anvilUrl = inject('anvilUrl')

type Catalog = Record<string, Record<string, string>>
// The catalogs of what the start page and the dashboard show: the frame, the payer's statuses, the payee's.
const AUDIENCES = ['shell', 'payer', 'payee/start', 'payee/requests']

const catalogs = import.meta.glob<Catalog>('../src/i18n/catalogs/**/*.ts', { eager: true, import: 'default' })
const load = (audience: string, code: string) => catalogs[`../src/i18n/catalogs/${audience}/${code}.ts`]!

const messages = (catalog: Catalog) => Object.values(catalog).flatMap((section) => Object.values(section))

/**
 * What of English would show through if a screen were left untranslated: every English message that
 * German words differently, whole, and its static phrases of two words or more (cut at placeholders).
 */
function englishOnly(code: string) {
  const whole = new Set<string>()
  const phrases = new Set<string>()
  for (const audience of AUDIENCES) {
    const own = new Set(messages(load(audience, code)))
    for (const message of messages(load(audience, 'en'))) {
      if (own.has(message)) continue
      whole.add(message.trim())
      for (const part of message.split(/\{\w+\}/)) {
        const phrase = part.replace(/^[\s.,:;()!?✓·…]+|[\s.,:;()!?✓·…]+$/g, '')
        if (/[A-Za-z]{3}/.test(phrase) && phrase.includes(' ')) phrases.add(phrase)
      }
    }
  }
  return (text: string) => whole.has(text) || [...phrases].some((phrase) => text.includes(phrase))
}

async function englishOn(page: Page) {
  const isEnglish = englishOnly('de')
  return (await visibleTexts(page)).filter(isEnglish)
}

describe('a German browser', () => {
  let browser: WalletBrowser

  beforeAll(async () => {
    const { cookie } = await signIn(appUrl, bob)
    const partial = await createRequest(appUrl, cookie, bob, { amount: '40', memo: 'Logo und Website' })
    await pay(anvilUrl, { from: 6, to: bob.address, amount: 7_770_000n, reference: partial.reference })
    browser = await launchWithDevWallet({ locale: 'de-DE' })
  })
  afterAll(() => browser?.close())

  it('sees the start page and the dashboard in German, with no English left', async () => {
    const { page } = browser
    // Dev account 1 is bob.
    await page.goto(withDevWallet(new URL('/', appUrl).href, { account: 1, chains: { '31337': anvilUrl } }))
    await page.getByRole('heading', { level: 1, name: payeeStartDe.start.heading }).waitFor()
    expect(await page.locator('html').getAttribute('lang')).toBe('de')
    expect(await englishOn(page), 'English on the start page').toEqual([])

    await page.getByRole('button', { name: shellDe.connect.button }).first().click()
    await page
      .getByRole('dialog')
      .getByRole('option', { name: /Billfold Dev Wallet/ })
      .click()
    await page.getByRole('button', { name: payeeStartDe.signIn.sign }).click()
    await page.getByRole('heading', { level: 1, name: payeeRequestsDe.dashboard.heading }).waitFor()
    // Other files of the suite may have left bob partly paid requests of their own.
    await page.getByTestId('row-progress').first().waitFor()
    await page.getByTestId('totals').waitFor()
    expect(await englishOn(page), 'English on the dashboard').toEqual([])
  })
})
