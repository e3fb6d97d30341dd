import { readFile } from 'node:fs/promises'
import { parse } from 'csv-parse/sync'
import { privateKeyToAccount } from 'viem/accounts'
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest'
import { pay } from '../src/watcher/testing/payments.ts'
import { graphql, signIn } from '../src/api/testing/graphqlClient.ts'
import { createRequest } from '../src/api/testing/paymentRequestInput.ts'
import { launchWithDevWallet } from './support/chromium.ts'
import { closeBrowsers, openBrowsers, personAt, statusOf } from './support/people.ts'
import { checkScreen } from './support/screens.ts'

const appUrl = inject('appUrl')
const anvilUrl = inject('anvilUrl')
afterEach(closeBrowsers)

// Anvil's dev account 2 (a public key) is the payee here; account 3 pays.
const payee = privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a')
const PAYEE_ACCOUNT = 2
const PAYER_ACCOUNT = 3
const CANCEL = 'mutation Cancel($id: String!) { cancelPaymentRequest(id: $id) { status } }'

let cookie: string
const created: { id: string; reference: `0x${string}` }[] = []
beforeAll(async () => {
  cookie = (await signIn(appUrl, payee)).cookie
  for (let i = 1; i <= 120; i++)
    created.push(await createRequest(appUrl, cookie, payee, { amount: `${i}.5`, memo: `Order ${i}` }))
  for (const request of created.slice(0, 3)) await graphql(appUrl, CANCEL, { variables: { id: request.id }, cookie })
})

const rows = (page: import('playwright-core').Page) => page.getByTestId('requests-table').locator('tbody tr')

describe('the payee dashboard in Chromium', () => {
  it('pages through 120 requests, filters them, totals what was received and exports CSV', async () => {
    // One payment on chain, for the totals.
    await pay(anvilUrl, {
      from: PAYER_ACCOUNT,
      to: payee.address,
      amount: 120_500_000n,
      reference: created[119]!.reference,
    })
    const statusByApi = async () =>
      (
        await graphql<{ paymentRequest: { status: string } }>(
          appUrl,
          'query($id: String!) { paymentRequest(id: $id) { status } }',
          { variables: { id: created[119]!.id } },
        )
      ).data!.paymentRequest.status
    await expect.poll(statusByApi, { timeout: 10_000 }).toBe('paid')
    // And part of Order 100, from another payer.
    await pay(anvilUrl, { from: 5, to: payee.address, amount: 7_770_000n, reference: created[99]!.reference })
    const page = await personAt('/', PAYEE_ACCOUNT, { signIn: true })
    await expect.poll(() => rows(page).count()).toBe(25)
    expect(await rows(page).first().textContent()).toContain('Order 120')
    // Who paid, where anyone could: the payer's short address; the rest still say anyone may.
    expect(await rows(page).first().getByTestId('row-payer').textContent()).toBe('0x90F7…b906')
    expect(await rows(page).nth(1).getByTestId('row-payer').textContent()).toBe('Anyone')
    const partlyPaid = rows(page).filter({ hasText: 'Order 100' })
    await expect.poll(() => partlyPaid.getByTestId('row-progress').textContent()).toBe('7.77 of 100.50 USDC')
    expect(await partlyPaid.getByTestId('row-payer').textContent()).toBe('0x9965…A4dc')
    await expect
      .poll(() => page.getByTestId('totals').textContent())
      .toBe('128.27 USDC on Billfold dev chain, 2 payments')
    // Outstanding beside received: Orders 4–119 (1–3 cancelled, 120 paid), 4.5 + … + 119.5, less the 7.77 paid.
    expect(await page.getByTestId('outstanding').textContent()).toBe(
      '7,184.23 USDC on Billfold dev chain, 116 requests',
    )
    // One day of payments is no chart: the figure already says it.
    expect(await page.locator('.chart').count()).toBe(0)
    await checkScreen(page, 'dashboard')

    // At 375 px: no sideways scroll (checked above), rows become cards, filters fold behind a button.
    await page.setViewportSize({ width: 375, height: 800 })
    expect(
      await rows(page)
        .first()
        .evaluate((row) => getComputedStyle(row).display),
    ).toBe('block')
    expect(await page.getByRole('search', { name: 'Filter requests' }).isVisible()).toBe(false)
    await page.getByRole('button', { name: 'Filters' }).click()
    expect(await page.getByRole('search', { name: 'Filter requests' }).isVisible()).toBe(true)
    await page.setViewportSize({ width: 1280, height: 800 })

    const seen = new Set<string>()
    for (let n = 1; n <= 5; n++) {
      await expect.poll(() => page.getByTestId('page-number').textContent()).toBe(`Page ${n}`)
      await expect
        .poll(async () => (await rows(page).first().textContent())?.match(/Order (\d+)/)?.[1])
        .toBe(String(120 - (n - 1) * 25))
      for (const text of await rows(page).allTextContents()) seen.add(text.match(/Order (\d+)/)![1]!)
      if (n < 5) await page.getByRole('button', { name: 'Next page' }).click()
    }
    expect(await rows(page).count()).toBe(20)
    expect(seen.size).toBe(120)
    expect(await page.getByRole('button', { name: 'Next page' }).isDisabled()).toBe(true)

    await page.getByLabel('Memo contains').fill('Order 7')
    await page.getByRole('button', { name: 'Search' }).click()
    // Order 7 and 70–79; the filter starts again at the first page, the only one, so no pager.
    await expect.poll(() => rows(page).count()).toBe(11)
    expect(await page.getByRole('navigation', { name: 'Pages' }).count()).toBe(0)

    await page.getByLabel('Memo contains').fill('')
    await page.getByRole('button', { name: 'Search' }).click()
    await page.getByLabel('Status').selectOption('cancelled')
    await expect
      .poll(async () => (await rows(page).allTextContents()).map((t) => t.match(/Order (\d+)/)![1]))
      .toEqual(['3', '2', '1'])
    expect(new URL(page.url()).search).toBe('?status=cancelled')

    // The CSV of what is on screen, parsed back.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'requests' }).click(),
    ])
    const exported = parse(await readFile((await download.path())!, 'utf8'), { columns: true }) as Record<
      string,
      string
    >[]
    expect(exported.map((r) => [r.memo, r.status, r.amount, r.amount_base_units])).toEqual([
      ['Order 3', 'cancelled', '3.5', '3500000'],
      ['Order 2', 'cancelled', '2.5', '2500000'],
      ['Order 1', 'cancelled', '1.5', '1500000'],
    ])

    await page.getByLabel('Status').selectOption('paid')
    await expect.poll(() => rows(page).count()).toBe(1)
    const [payments] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'payments' }).click(),
    ])
    const paymentRows = parse(await readFile((await payments.path())!, 'utf8'), { columns: true }) as Record<
      string,
      string
    >[]
    expect(paymentRows.map((r) => [r.request_id, r.amount, r.from])).toEqual([
      [created[119]!.id, '120.5', '0x90F79bf6EB2c4f870365E785982E1f101E93b906'],
    ])

    // An impossible range says so and keeps what was typed.
    await page.getByLabel('From').fill('2026-05-10')
    await page.getByLabel('To').fill('2026-05-01')
    await expect
      .poll(() => page.locator('#filter-error').textContent())
      .toBe('The end date is before the start date: no day is in this range.')
    expect(await page.getByLabel('From').inputValue()).toBe('2026-05-10')

    // Nothing matches: say so, and one click clears every filter, the search box too.
    await page.getByLabel('From').fill('')
    await page.getByLabel('To').fill('')
    await page.getByLabel('Memo contains').fill('no such memo')
    await page.getByRole('button', { name: 'Search' }).click()
    await page.getByText('No request matches these filters.').waitFor()
    await page.getByRole('button', { name: 'Clear filters' }).click()
    await expect.poll(() => rows(page).count()).toBe(25)
    expect(await page.getByLabel('Memo contains').inputValue()).toBe('')
    expect(await page.getByLabel('Status').inputValue()).toBe('')
  })

  it('welcomes a payee with no requests with what to do first', async () => {
    const page = await personAt('/', 4, { signIn: true })
    await page.getByRole('heading', { name: 'No requests yet' }).waitFor()
    await checkScreen(page, 'dashboard-empty')
    expect(await page.title()).toBe('Your requests · Billfold')
    // A page opened from its address puts focus on its heading without drawing a ring around it.
    const focused = () =>
      page.evaluate(() => [document.activeElement?.tagName, getComputedStyle(document.activeElement!).outlineStyle])
    await page.reload()
    await expect.poll(focused, { timeout: 5000 }).toEqual(['H1', 'none'])
    await page.getByRole('link', { name: 'Create your first request' }).click()
    await page.getByRole('heading', { name: 'New payment request' }).waitFor()
    // Navigation moves focus to the new page's heading and names the tab after the page.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('New payment request')
    expect(await page.title()).toBe('New request · Billfold')
    expect(await focused()).toEqual(['H1', 'none'])
    // Brought there by the keyboard, the heading shows where focus is.
    await page.getByRole('link', { name: 'Billfold', exact: true }).focus()
    await page.keyboard.press('Enter')
    await page.getByRole('heading', { name: 'No requests yet' }).waitFor()
    await expect.poll(focused, { timeout: 5000 }).toEqual(['H1', 'solid'])
    // Nothing to sift through yet: no filters, exports or pager for none, nor for a first request.
    const sifting = () =>
      Promise.all(
        [
          page.getByRole('search', { name: 'Filter requests' }),
          page.getByRole('button', { name: 'Filters' }),
          page.getByRole('link', { name: 'requests', exact: true }),
          page.getByRole('navigation', { name: 'Pages' }),
        ].map((l) => l.count()),
      )
    expect(await sifting()).toEqual([0, 0, 0, 0])
    const newcomer = privateKeyToAccount('0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a')
    await createRequest(appUrl, (await signIn(appUrl, newcomer)).cookie, newcomer, { amount: '1', memo: 'First' })
    await expect.poll(() => rows(page).count(), { timeout: 10_000 }).toBe(1)
    expect(await sifting()).toEqual([0, 0, 0, 0])
  })

  it('cancels an unpaid request after a confirmation, and the open pay page says so at once', async () => {
    const request = await createRequest(appUrl, cookie, payee, { amount: '9', memo: 'To cancel' })
    const payerBrowser = await launchWithDevWallet()
    openBrowsers.push(payerBrowser)
    await payerBrowser.page.goto(new URL(`/pay/${request.id}`, appUrl).href)
    await payerBrowser.page.getByTestId('signature-verified').waitFor()

    const page = await personAt(`/requests/${request.id}`, PAYEE_ACCOUNT, { signIn: true })
    await page.getByRole('button', { name: 'Cancel request' }).click()
    const dialog = page.getByRole('alertdialog', { name: 'Cancel this request?' })
    await dialog.waitFor()
    await checkScreen(page, 'cancel-dialog')
    await dialog.getByRole('button', { name: 'Keep it' }).click()
    expect(await statusOf(page)).toBe('open')
    await page.getByRole('button', { name: 'Cancel request' }).click()
    await page.getByRole('button', { name: 'Yes, cancel it' }).click()
    await expect.poll(() => statusOf(page)).toBe('cancelled')
    await page.getByTestId('timeline').getByText('Cancelled by the payee').waitFor()
    expect(await page.getByRole('button', { name: 'Cancel request' }).count()).toBe(0)

    await expect.poll(() => statusOf(payerBrowser.page), { timeout: 10_000 }).toBe('cancelled')
    await payerBrowser.page.getByText('The payee cancelled this request. Do not pay it.').waitFor()
    expect(await payerBrowser.page.getByRole('button', { name: /^Pay / }).count()).toBe(0)
  })

  it('shows times in the viewer’s own locale and time zone', async () => {
    const dueAt = '2031-03-04T23:30:00.000Z'
    const request = await createRequest(appUrl, cookie, payee, { amount: '1', memo: 'Somewhere else', dueAt })
    const browser = await launchWithDevWallet({ locale: 'de-DE', timezoneId: 'Asia/Tokyo' })
    openBrowsers.push(browser)
    await browser.page.goto(new URL(`/pay/${request.id}`, appUrl).href)
    const expected = new Date(dueAt).toLocaleString('de-DE', {
      timeZone: 'Asia/Tokyo',
      dateStyle: 'medium',
      timeStyle: 'short',
    })
    // 23:30 UTC on the 4th is 08:30 on the 5th in Tokyo.
    expect(expected).toBe('05.03.2031, 08:30')
    await browser.page.getByText(expected, { exact: true }).waitFor()
  })

  it('can be used with the keyboard alone: search the memos, open a request', async () => {
    const page = await personAt('/', PAYEE_ACCOUNT, { signIn: true })
    await expect.poll(() => rows(page).count()).toBe(25)
    await page.getByLabel('Status').focus()
    // Tab through the filters (date fields take a Tab per part) to the memo search.
    for (let i = 0; i < 20 && (await page.evaluate('document.activeElement.id')) !== 'filter-search'; i++)
      await page.keyboard.press('Tab')
    expect(await page.evaluate('document.activeElement.id')).toBe('filter-search')
    await page.keyboard.type('Order 11')
    await page.keyboard.press('Enter')
    // Order 11 and 110–119.
    await expect.poll(() => rows(page).count()).toBe(11)
    await page.getByRole('link', { name: '119.50 USDC' }).focus()
    await page.keyboard.press('Enter')
    await page.waitForURL(/\/requests\//)
    expect(await page.getByTestId('request-amount').textContent()).toBe('119.50 USDC')
  })

  it('expires a request at its due date with nobody looking, and the pay page says so before anyone signs', async () => {
    // Long enough for the page to open and show the request as payable first, on a slow machine too.
    const request = await createRequest(appUrl, cookie, payee, {
      amount: '4',
      memo: 'Due soon',
      dueAt: new Date(Date.now() + 10_000).toISOString(),
    })
    const payer = await personAt(`/pay/${request.id}`, PAYER_ACCOUNT, { signIn: false })
    await payer.getByRole('button', { name: 'Pay 4.00 USDC' }).waitFor()
    await expect.poll(() => statusOf(payer), { timeout: 20_000 }).toBe('expired')
    await payer.getByText(/This request expired on .+\. Ask the payee for a new one before paying\./).waitFor()
    expect(await payer.getByRole('button', { name: /^Pay / }).count()).toBe(0)
    await checkScreen(payer, 'pay-expired')
  })

  it('is live: a request made elsewhere appears and its payment turns it paid, without a reload', async () => {
    const page = await personAt('/', PAYEE_ACCOUNT, { signIn: true })
    await rows(page).first().waitFor()
    const request = await createRequest(appUrl, cookie, payee, { amount: '77.7', memo: 'Made in another tab' })
    const row = page.getByTestId('requests-table').locator('tbody tr', { hasText: 'Made in another tab' })
    await row.waitFor({ timeout: 10_000 })
    await pay(anvilUrl, { from: PAYER_ACCOUNT, to: payee.address, amount: 77_700_000n, reference: request.reference })
    await expect
      .poll(() => row.getByTestId('request-status').getAttribute('data-status'), { timeout: 15_000 })
      .toBe('paid')
  })

  it('the payee names themselves once; payers see the name beside the address, marked as the payee’s', async () => {
    const page = await personAt('/', PAYEE_ACCOUNT, { signIn: true })
    await page.getByRole('link', { name: 'Settings' }).click()
    await page.getByRole('heading', { name: 'Settings' }).waitFor()
    const name = page.getByLabel('Display name')
    const profile = page.getByRole('form', { name: 'Your name for payers' })
    await name.fill('Acme <Shop>')
    await profile.getByRole('button', { name: 'Save', exact: true }).click()
    expect(await page.locator('#profile-name-error').textContent()).toBe(
      'Enter the name payers see, as plain text without < or >, in at most 60 characters.',
    )
    await name.fill('Acme Shop')
    // Typed as people say it: saved, shown and linked as https.
    await page.getByLabel('Website (optional)').fill('www.acme.example')
    await profile.getByRole('button', { name: 'Save', exact: true }).click()
    await page.getByTestId('profile-saved').waitFor()
    await checkScreen(page, 'settings')

    const request = await createRequest(appUrl, cookie, payee, { amount: '5', memo: 'Named' })
    const payer = await personAt(`/pay/${request.id}`, PAYER_ACCOUNT, { signIn: false })
    expect(await payer.getByTestId('payee-name').textContent()).toBe('Acme Shop')
    expect(await payer.getByTestId('payee-website').getAttribute('href')).toBe('https://www.acme.example')
    await payer.getByText('(as the payee calls themselves)').waitFor()
    expect(await payer.getByTestId('request-payee').textContent()).toBe(payee.address)
  })
})
