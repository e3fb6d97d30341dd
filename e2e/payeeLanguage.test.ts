import { privateKeyToAccount } from 'viem/accounts'
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest'
import { signIn } from '../src/api/testing/graphqlClient.ts'
import books from '../src/i18n/catalogs/payee/books/en.ts'
import developers from '../src/i18n/catalogs/payee/developers/en.ts'
import invoices from '../src/i18n/catalogs/payee/invoices/en.ts'
import relayers from '../src/i18n/catalogs/payee/relayers/en.ts'
import schedules from '../src/i18n/catalogs/payee/schedules/en.ts'
import { launchWithDevWallet, withDevWallet } from './support/chromium.ts'
import { closeBrowsers, connectDevWallet, openBrowsers } from './support/people.ts'

const appUrl = inject('appUrl')
afterEach(closeBrowsers)

// Anvil's dev account 8 (a public key) is the payee.
const payee = privateKeyToAccount('0xdbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97')
let cookie: string
beforeAll(async () => {
  cookie = (await signIn(appUrl, payee)).cookie
})

/** Every English sentence of these screens long enough not to be a name: none may show on a German page. */
const english = [books, developers, invoices, relayers, schedules]
  .flatMap((catalog) => Object.values(catalog).flatMap((messages) => Object.values<string>(messages)))
  .flatMap((text) => text.split(/\{\w+\}/))
  .map((part) => part.trim())
  .filter((part) => part.length >= 12)

/** A German Chromium with the dev wallet connected and the payee's session, on `path`. */
async function germanPayeeAt(path: string) {
  const browser = await launchWithDevWallet({ locale: 'de-DE' })
  openBrowsers.push(browser)
  const [name, value] = cookie.split('=') as [string, string]
  await browser.context.addCookies([{ name, value, url: appUrl }])
  const { page } = browser
  await page.goto(withDevWallet(new URL(path, appUrl).href, { account: 8, chains: { '31337': inject('anvilUrl') } }))
  await connectDevWallet(page, 'Wallet verbinden')
  return page
}

describe('the payee’s screens in a German browser', () => {
  it('speak German on the developers page, the invoices, the recurring requests, the statement and the settings', async () => {
    const page = await germanPayeeAt('/developers')
    const screens: [string, string][] = [
      ['/developers', 'Zahlungslinks, API-Schlüssel und Webhooks'],
      ['/invoices', 'Rechnungen'],
      ['/schedules', 'Wiederkehrende Zahlungsanforderungen'],
      ['/statements', 'Monatsübersicht'],
      ['/settings', 'Zahlungen ohne Gas'],
    ]
    for (const [path, heading] of screens) {
      if (new URL(page.url()).pathname !== path) await page.goto(new URL(path, appUrl).href)
      await page.getByRole('heading', { name: heading, exact: true }).waitFor()
      const text = await page.locator('body').innerText()
      expect(
        english.filter((sentence) => text.includes(sentence)),
        path,
      ).toEqual([])
    }

    // The number pattern's hint follows the field as it is typed.
    await page.getByLabel('Muster der Rechnungsnummer').fill('RE-{seq:3}')
    await page.getByTestId('seller-pattern-hint').filter({ hasText: 'Nächste Rechnung: RE-001.' }).waitFor()
    // The schedule form names its weekdays in German.
    await page.goto(new URL('/schedules', appUrl).href)
    await page.getByLabel('Wiederholung').selectOption('week')
    expect(await page.getByLabel('Am', { exact: true }).locator('option').first().textContent()).toBe('Montag')
  })
})
