import { readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { formatUnits } from 'viem'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { devAccounts } from '../src/chain/devnet/setUpDevChain.ts'
import { refreshDevPriceFeeds } from '../src/chain/devnet/setUpDevPriceFeeds.ts'
import { DEV_USDC_ADDRESS } from '../src/chain/tokens.ts'
import { inviteMember, joinBusiness, setUpTill, typeAmount } from './support/business.ts'
import { payScannedUri, readTransferUri } from './support/eip681.ts'
import { closeBrowsers, personAt } from './support/people.ts'
import { decodeQr } from './support/qr.ts'
import { expectAccessible, screenshotDir } from './support/screens.ts'

afterEach(closeBrowsers)

const PHONE = { width: 375, height: 812 }
const TABLET = { width: 1024, height: 768 }
const OWNER = 3
const CASHIER = 5

/** axe-core on the screen as it is, in the light theme and the dark one. */
async function accessible(page: Page, name: string) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    await expectAccessible(page, `${name} (${colorScheme})`)
  }
  await page.emulateMedia({ colorScheme: null })
}

/** The till checked with axe-core and captured, light and dark. */
async function screenshots(till: Page, name: string) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await till.emulateMedia({ colorScheme })
    await expectAccessible(till, `${name} (${colorScheme})`)
    await till.screenshot({ path: `${screenshotDir}${name}-${colorScheme}.png` })
  }
  await till.emulateMedia({ colorScheme: null })
}

/** The sale's wallet QR code read as a phone's camera reads it, checked against the URI the page renders. */
async function scanSale(till: Page) {
  const qr = till.getByRole('img', { name: /^QR code for a wallet app/ })
  const rendered = (await qr.getAttribute('data-qr-value'))!
  const scanned = decodeQr(await qr.screenshot())
  expect(scanned).toBe(rendered)
  return rendered
}

describe('the point of sale', () => {
  it(
    'an invited cashier sells 12.50 EUR on a phone and a tablet: one payer scans and sends a plain transfer, one pays through the till’s link; both turn paid and the day’s report lists them',
    async () => {
      const anvilUrl = inject('anvilUrl')
      await refreshDevPriceFeeds(anvilUrl, devAccounts[0]!)
      const shop = devAccounts[OWNER]!
      const owner = await personAt('/', OWNER, { signIn: true })
      await setUpTill(owner, 'Front counter')
      await accessible(owner, 'tills (owner)')
      await owner.getByRole('link', { name: '← Your requests' }).click()
      const link = await inviteMember(owner, 'Cashier')

      // The cashier's own wallet, in a browser of its own, joins by signing and opens the till.
      const till = await joinBusiness(link, CASHIER)
      await till.getByRole('link', { name: 'Point of sale' }).click()
      expect(await till.getByRole('button', { name: 'Create the till' }).count()).toBe(0)
      await accessible(till, 'tills (cashier)')
      await till.getByRole('link', { name: 'Open the till' }).first().click()
      await till.waitForURL(/\/pos\/[A-Za-z0-9]{16}$/)
      const tillId = new URL(till.url()).pathname.split('/').pop()!
      // The till's fixed link, opened before any sale: it waits for one.
      await owner.goto(new URL(`/till/${tillId}`, inject('appUrl')).href)
      await owner.getByText(/^No sale is waiting at this till yet/).waitFor()
      // A page of its own: a payer tapping the tag first reads where they are.
      await owner.getByRole('heading', { level: 1, name: 'Pay at the till' }).waitFor()
      await accessible(owner, 'till link')

      // On a phone: the keypad counts in cents, Charge shows the QR code a wallet app scans.
      await till.setViewportSize(PHONE)
      await typeAmount(till, '1250')
      expect(await till.locator('output.till-amount').textContent()).toBe('€12.50')
      await screenshots(till, 'till-phone')
      await till.getByRole('button', { name: 'Charge €12.50' }).click()
      const firstUri = await scanSale(till)
      const first = readTransferUri(firstUri)
      // 12.50 EUR at 1 EUR = 1.0752 USD, 1 USDC = 1 USD: 13.44 USDC to the business, the exact amount shown.
      expect(first).toEqual({ token: DEV_USDC_ADDRESS, chainId: 31337, to: shop, amount: 13_440_000n })
      await till.getByText(`Exactly ${formatUnits(first.amount, 6)} USDC`).waitFor()
      await screenshots(till, 'till-phone-sale')
      // A payer's phone wallet, outside any browser: a plain transfer, no reference, matched by its amount.
      await payScannedUri(anvilUrl, 6, firstUri)
      await till.getByText('Paid', { exact: true }).waitFor({ timeout: 20_000 })
      await accessible(till, 'till paid')
      await till.getByRole('button', { name: 'Next sale' }).click()
      expect(await till.locator('output.till-amount').textContent()).toBe('€0.00')

      // On a tablet: the same 12.50 again, paid through the till's fixed link with the dev wallet.
      await till.setViewportSize(TABLET)
      await typeAmount(till, '1250')
      await screenshots(till, 'till-tablet')
      await till.getByRole('button', { name: 'Charge €12.50' }).click()
      const second = readTransferUri(await scanSale(till))
      const secondAmount = formatUnits(second.amount, 6)
      await till.getByText(`Exactly ${secondAmount} USDC`).waitFor()
      await screenshots(till, 'till-tablet-sale')
      const payer = await personAt(`/till/${tillId}`, 7, { signIn: false })
      await payer.getByTestId('signature-verified').waitFor()
      await payer.getByRole('button', { name: `Pay ${secondAmount} USDC` }).click()
      await till.getByText('Paid', { exact: true }).waitFor({ timeout: 20_000 })
      await till.getByRole('button', { name: 'Next sale' }).click()
      expect(await till.locator('output.till-amount').textContent()).toBe('€0.00')

      // The cashier's end of day: both sales, each in euros and in what was received in USDC.
      await till.getByRole('link', { name: 'Today’s report' }).click()
      await till.getByRole('heading', { name: 'Today at Front counter' }).waitFor()
      const rows = till.getByRole('row').filter({ hasText: 'Paid' })
      await expect.poll(() => rows.count()).toBe(2)
      expect(await rows.nth(0).textContent()).toContain('€12.50')
      expect(await rows.nth(0).textContent()).toContain(`${formatUnits(first.amount, 6)} USDC`)
      expect(await rows.nth(1).textContent()).toContain('€12.50')
      expect(await rows.nth(1).textContent()).toContain(`${secondAmount} USDC`)
      await till.getByText('€25.00').first().waitFor()
      await till
        .getByText(`${formatUnits(first.amount + second.amount, 6)} USDC`)
        .first()
        .waitFor()
      await screenshots(till, 'till-report')
      const download = till.waitForEvent('download')
      await till.getByRole('button', { name: 'Export CSV' }).click()
      expect((await download).suggestedFilename()).toMatch(/^Front counter-\d{4}-\d{2}-\d{2}\.csv$/)
      const csv = readFileSync((await (await download).path())!, 'utf8').split('\r\n')
      expect(csv[0]).toBe('time,sale,request,status,subtotal_EUR,tip_EUR,total_EUR,received_USDC,tip_received_USDC')
      expect(csv.filter((line) => line.includes(',paid,12.5,0,12.5,'))).toEqual([
        expect.stringMatching(new RegExp(`,paid,12\\.5,0,12\\.5,${formatUnits(first.amount, 6)},0$`)),
        expect.stringMatching(new RegExp(`,paid,12\\.5,0,12\\.5,${secondAmount},0$`)),
      ])

      // Printed on A4 (about 718 px between the margins), in either theme: the report alone, every column on the paper, black text.
      await till.setViewportSize({ width: 718, height: 1000 })
      for (const colorScheme of ['light', 'dark'] as const) {
        await till.emulateMedia({ media: 'print', colorScheme })
        expect(await till.locator('.site-header').isVisible()).toBe(false)
        expect(await till.getByRole('button', { name: 'Export CSV' }).isVisible()).toBe(false)
        expect(await till.getByRole('heading', { name: 'Today at Front counter' }).isVisible()).toBe(true)
        const printed = await till.locator('.till-report').evaluate((report) => {
          const frame = report.querySelector('.scroll-table-frame')!
          return {
            clipped: frame.scrollWidth - frame.clientWidth,
            // Columns spread across the page, as the app's other tables, not packed at its left.
            unfilled: frame.clientWidth - report.querySelector('table')!.offsetWidth,
            cue: getComputedStyle(report.querySelector('.scroll-table-cue')!).display,
            text: getComputedStyle(report.querySelector('td')!).color,
          }
        })
        expect(printed, colorScheme).toEqual({
          clipped: 0,
          unfilled: 0,
          cue: 'none',
          text: 'rgb(0, 0, 0)',
        })
      }
      await till.emulateMedia({ media: null, colorScheme: null })
    },
    // Four browsers, twelve accessibility checks and two payments: longer than the suite's minute on a busy machine.
    120_000,
  )
})
