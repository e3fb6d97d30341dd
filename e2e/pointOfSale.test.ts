import type { Page } from 'playwright-core'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { devAccounts } from '../src/chain/devnet/setUpDevChain.ts'
import { refreshDevPriceFeeds } from '../src/chain/devnet/setUpDevPriceFeeds.ts'
import { DEV_USDC_ADDRESS } from '../src/chain/tokens.ts'
import { pay } from '../src/watcher/testing/payments.ts'
import { closeBrowsers, personAt } from './support/people.ts'
import { screenshotDir } from './support/screens.ts'

afterEach(closeBrowsers)

const PHONE = { width: 375, height: 812 }
const TABLET = { width: 1024, height: 768 }

/** Types an amount on the till's keypad, as a cashier's taps. */
async function typeAmount(till: Page, digits: string) {
  const keypad = till.getByRole('group', { name: 'Amount' })
  for (const digit of digits) await keypad.getByRole('button', { name: digit, exact: true }).click()
}

async function screenshots(till: Page, name: string) {
  await till.emulateMedia({ colorScheme: 'light' })
  await till.screenshot({ path: `${screenshotDir}${name}-light.png` })
  await till.emulateMedia({ colorScheme: 'dark' })
  await till.screenshot({ path: `${screenshotDir}${name}-dark.png` })
  await till.emulateMedia({ colorScheme: null })
}

describe('the point of sale', () => {
  it('sells 12.50 EUR twice on a phone and a tablet: one payer scans and sends a plain transfer, one pays through the till’s link; both turn paid and the day’s report lists them', async () => {
    const anvilUrl = inject('anvilUrl')
    await refreshDevPriceFeeds(anvilUrl, devAccounts[0]!)
    const shop = devAccounts[3]!
    const till = await personAt('/pos', 3, { signIn: true })
    await till.getByLabel('Name', { exact: true }).fill('Front counter')
    await till.getByLabel('Keypad counts in').selectOption('EUR')
    await till.getByLabel(/^Tip choices/).fill('10, 15')
    await till.getByRole('button', { name: 'Create the till' }).click()
    await till.getByRole('link', { name: 'Open the till' }).first().click()
    await till.waitForURL(/\/pos\/[A-Za-z0-9]{16}$/)
    const tillId = new URL(till.url()).pathname.split('/').pop()!

    // On a phone: the keypad counts in cents, Charge shows the QR code a wallet app scans.
    await till.setViewportSize(PHONE)
    await typeAmount(till, '1250')
    expect(await till.locator('output.till-amount').textContent()).toBe('€12.50')
    await screenshots(till, 'till-phone')
    await till.getByRole('button', { name: 'Charge €12.50' }).click()
    const qr = till.getByRole('img', { name: /^QR code for a wallet app/ })
    const uri = (await qr.getAttribute('data-qr-value'))!
    // 12.50 EUR at 1 EUR = 1.0752 USD, 1 USDC = 1 USD: 13.44 USDC, the exact amount shown.
    expect(uri).toBe(`ethereum:${DEV_USDC_ADDRESS}@31337/transfer?address=${shop}&uint256=13440000`)
    await till.getByText('Exactly 13.44 USDC').waitFor()
    await screenshots(till, 'till-phone-sale')
    // A payer's phone wallet: a plain transfer, no reference, matched by its amount.
    await pay(anvilUrl, { from: 6, to: shop, amount: 13_440_000n })
    await till.getByText('Paid', { exact: true }).waitFor({ timeout: 20_000 })
    await till.getByRole('button', { name: 'Next sale' }).click()

    // On a tablet: the same 12.50 again, paid through the till's fixed link with the dev wallet.
    await till.setViewportSize(TABLET)
    await typeAmount(till, '1250')
    await screenshots(till, 'till-tablet')
    await till.getByRole('button', { name: 'Charge €12.50' }).click()
    await till.getByText(/^Exactly 13\.44\d* USDC$/).waitFor()
    await screenshots(till, 'till-tablet-sale')
    const payer = await personAt(`/till/${tillId}`, 7, { signIn: false })
    await payer.getByTestId('signature-verified').waitFor()
    await payer.getByRole('button', { name: /^Pay 13\.44\d* USDC$/ }).click()
    await till.getByText('Paid', { exact: true }).waitFor({ timeout: 20_000 })

    await till.getByRole('link', { name: 'Today’s report' }).click()
    await till.getByRole('heading', { name: 'Today at Front counter' }).waitFor()
    const rows = till.getByRole('row').filter({ hasText: 'Paid' })
    await expect.poll(() => rows.count()).toBe(2)
    expect(await rows.first().textContent()).toContain('€12.50')
    await till.getByText('€25.00').first().waitFor()
    await screenshots(till, 'till-report')
    const download = till.waitForEvent('download')
    await till.getByRole('button', { name: 'Export CSV' }).click()
    expect((await download).suggestedFilename()).toMatch(/^Front counter-\d{4}-\d{2}-\d{2}\.csv$/)
  })
})
