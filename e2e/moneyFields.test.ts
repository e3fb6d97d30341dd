import type { Page } from 'playwright-core'
import { mnemonicToAccount } from 'viem/accounts'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { graphql, signIn } from '../src/api/testing/graphqlClient.ts'
import { createPaymentLink } from '../src/api/testing/merchantClient.ts'
import { createRequest } from '../src/api/testing/paymentRequestInput.ts'
import { DEV_USDC_ADDRESS } from '../src/chain/tokens.ts'
import { pay } from '../src/watcher/testing/payments.ts'
import { launchWithDevWallet, withDevWallet } from './support/chromium.ts'
import { closeBrowsers, connectDevWallet, openBrowsers } from './support/people.ts'

const appUrl = inject('appUrl')
const anvilUrl = inject('anvilUrl')
afterEach(closeBrowsers)

// Anvil's dev account 8 is the payee here; account 3 pays on chain.
const payee = mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex: 8 })
const PAYEE_ACCOUNT = 8

/** A person whose browser prefers German, with the dev wallet on `account`, connected on `path`. */
async function germanAt(path: string, account: number): Promise<Page> {
  const browser = await launchWithDevWallet({ locale: 'de-DE' })
  openBrowsers.push(browser)
  const { page } = browser
  await page.goto(withDevWallet(new URL(path, appUrl).href, { account, chains: { '31337': anvilUrl } }))
  return page
}

/** Types `typed` into the money field `id` and leaves it; resolves to what the field says back or refuses. */
async function typeInto(page: Page, id: string, typed: string) {
  const field = page.locator(`#${id}`)
  await field.fill(typed)
  await field.blur()
  const said = page.locator(`#${id}-hint, #${id}-error`)
  await said.first().waitFor()
  return said.first().textContent()
}

const AMBIGUOUS = '„1.000“ kann 1000 oder 1,000 bedeuten: Geben Sie 1000 oder 1,000 ein, je nachdem, was Sie meinen.'

describe('money typed the German way', () => {
  it('is understood in every money field (request, priced request, refund, schedule, invoice, link), refused when ambiguous, and shown the same on the pay page, receipt and dashboard', async () => {
    const page = await germanAt('/', PAYEE_ACCOUNT)
    await connectDevWallet(page, 'Wallet verbinden')
    await page.getByRole('button', { name: /^(Sign in|Anmelden)$/ }).click()
    await page.getByTestId('signed-in').waitFor()
    await page.locator('a[href="/new"]').first().click()

    // The request form: "1.000" could be a thousand or one, so it is asked, never guessed.
    await expect.poll(() => typeInto(page, 'request-amount', '1.000')).toBe(AMBIGUOUS)
    expect(await page.locator('#request-amount').inputValue()).toBe('1.000')
    await expect.poll(() => typeInto(page, 'request-amount', '1,5')).toBe('Verstanden als 1,50 USDC')
    await expect.poll(() => typeInto(page, 'request-amount', '1.000,50')).toBe('Verstanden als 1.000,50 USDC')
    await expect.poll(() => typeInto(page, 'request-amount', '12,50 USDC')).toBe('Verstanden als 12,50 USDC')
    await page.locator('form button[type="submit"]').click()
    await page.waitForURL(/\/requests\/[A-Za-z0-9]{16}$/)
    const id = new URL(page.url()).pathname.split('/').at(-1)!

    // The priced request's price, in euros.
    await page.locator('a.brand').click()
    await page.locator('a[href="/new"]').first().click()
    await page.locator('input[name="request-kind"]').nth(1).check()
    await expect.poll(() => typeInto(page, 'priced-price', '1.000,50')).toBe('Verstanden als 1.000,50\u00a0€')
    await expect.poll(() => typeInto(page, 'priced-price', '49,9')).toBe('Verstanden als 49,90\u00a0€')

    // Paid on chain: the pay page, the receipt and the dashboard say 12,50 USDC alike.
    const { cookie } = await signIn(appUrl, payee as never)
    const request = await graphql<{ paymentRequest: { reference: `0x${string}`; status: string } }>(
      appUrl,
      'query($id: String!) { paymentRequest(id: $id) { reference status } }',
      { variables: { id }, cookie },
    )
    await pay(anvilUrl, {
      from: 3,
      to: payee.address,
      amount: 12_500_000n,
      reference: request.data!.paymentRequest.reference,
    })
    const payer = await germanAt(`/pay/${id}`, 3)
    await expect.poll(() => payer.getByTestId('request-amount').textContent()).toBe('12,50 USDC')
    await payer.goto(new URL(`/receipts/${id}`, appUrl).href)
    await expect.poll(() => payer.getByTestId('receipt-amount').textContent()).toBe('12,50 USDC')

    // A balance is rounded for reading, every digit a hover away: account 3 has paid gas in ETH.
    const inEth = await createRequest(appUrl, cookie, payee as never, { asset: 'native', amount: '0.01' })
    await payer.goto(new URL(`/pay/${inEth.id}`, appUrl).href)
    await connectDevWallet(payer, 'Wallet verbinden')
    const balance = payer.getByTestId('payer-balance')
    await expect.poll(() => balance.textContent()).toMatch(/^Ihr Guthaben: [\d.]+(,\d{1,4})? ETH\.$/)
    // Once the account has paid gas its balance has more digits than are shown: a tap shows them all.
    const exact = balance.getByRole('button')
    if ((await exact.count()) > 0) {
      await exact.click()
      await expect.poll(() => balance.textContent()).toMatch(/^Ihr Guthaben: [\d.]+,\d{5,} ETH\.$/)
    }

    await page.locator('a.brand').click()
    await expect.poll(() => page.getByTestId('totals').textContent()).toMatch(/^12,50 USDC /)

    // The refund dialog: "Up to" keeps the cents, and "1,5" is one and a half.
    await page.locator(`a[href="/requests/${id}"]`).first().click()
    await page.getByRole('button', { name: /^(Refund|Erstatten)/ }).click()
    const dialog = page.getByRole('dialog')
    await expect.poll(() => dialog.locator('.hint').first().textContent()).toContain('12,50 USDC')
    await dialog.locator('input[type="radio"]').last().check()
    await expect.poll(() => typeInto(page, 'refund-amount', '1,5')).toBe('Verstanden als 1,50 USDC')
    await dialog.getByRole('button', { name: /Close|Schließen/ }).click()

    // A schedule's amount each period.
    await page.locator('a.brand').click()
    await page.locator('a[href="/schedules"]').first().click()
    await expect.poll(() => typeInto(page, 'schedule-amount', '1.000,50')).toBe('Verstanden als 1.000,50 USDC')

    // An invoice's line: the live totals follow "120,50" (the invoice itself is in English here).
    await page.locator('a.brand').click()
    await page.locator('a[href="/settings"]').first().click()
    await page.locator('#seller-name').fill('Ada Lovelace Consulting')
    await page.locator('form[aria-labelledby="seller-title"] button[type="submit"]').click()
    await page.getByTestId('seller-saved').waitFor()
    await page.locator('a.brand').click()
    await page.locator('a[href="/invoices"]').first().click()
    await page.locator('a[href="/invoices/new"]').first().click()
    await page.locator('#invoice-buyer-name').fill('Acme GmbH')
    await page.locator('#invoice-line-0-description').fill('Workshop')
    await page.locator('#invoice-line-0-quantity').fill('1,5')
    await page.locator('#invoice-line-0-unit-price').fill('120,50')
    await page.locator('#invoice-unit').selectOption({ label: 'USDC' })
    await expect.poll(() => page.getByTestId('invoice-total').textContent()).toBe('180,75 USDC')
    await page.locator('#invoice-line-0-unit-price').fill('1.000')
    await expect.poll(() => page.locator('#invoice-line-0-unit-price-error').textContent()).toBe(AMBIGUOUS)

    // A payment link where the payer chooses: asked when ambiguous, then paid as typed.
    const link = await createPaymentLink(appUrl, cookie, payee as never, {
      title: 'Spende',
      chainId: 31337,
      asset: DEV_USDC_ADDRESS,
      minAmount: '1',
      maxAmount: '2000',
    })
    const visitor = await germanAt(`/l/${link.id!}`, 3)
    await expect.poll(() => typeInto(visitor, 'link-amount', '1.000')).toBe(AMBIGUOUS)
    await expect.poll(() => typeInto(visitor, 'link-amount', '1.000,50')).toBe('Verstanden als 1.000,50 USDC')
    // No wallet connected: the link makes its request on the way to the pay page.
    await visitor.getByRole('button', { name: 'Andere Zahlungswege' }).click()
    await visitor.waitForURL(/\/pay\/[A-Za-z0-9]{16}$/)
    await expect.poll(() => visitor.getByTestId('request-amount').textContent()).toBe('1.000,50 USDC')
  })
})
