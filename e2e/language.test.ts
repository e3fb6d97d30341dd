import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { DEV_USDC_ADDRESS } from '../src/chain/tokens.ts'
import { alice, bob, graphql, signIn } from '../src/api/testing/graphqlClient.ts'
import { createInvoice, invoiceInput, sellerInput, setSellerDetails } from '../src/api/testing/invoiceClient.ts'
import { createPaymentLink } from '../src/api/testing/merchantClient.ts'
import { createRequest } from '../src/api/testing/paymentRequestInput.ts'
import { authoriseQuoteKey, createPricedRequest, signedPricedInput } from '../src/api/testing/pricedRequestClient.ts'
import { createSchedule } from '../src/api/testing/scheduleClient.ts'
import { createPlan, subscribeToPlan } from '../src/api/testing/planClient.ts'
import { chargeSale, createTill } from '../src/api/testing/tillClient.ts'
import { BASE_LOCALE, LANGUAGES } from '../src/domain/locales.ts'
import { routes } from '../src/web/routes.ts'
import { pay } from '../src/watcher/testing/payments.ts'
import { launchWithDevWallet, withDevWallet, type WalletBrowser } from './support/chromium.ts'
import { englishLeftOn } from './support/englishLeft.ts'
import { connectDevWallet } from './support/people.ts'

const appUrl = inject('appUrl')
const anvilUrl = inject('anvilUrl')

type Catalog = Record<string, Record<string, string>>
const catalogs = import.meta.glob<Catalog>('../src/i18n/catalogs/**/*.ts', { eager: true, import: 'default' })
const catalog = (audience: string, code: string) => catalogs[`../src/i18n/catalogs/${audience}/${code}.ts`]!

/** Every language but English; German is the browser's own, the others are picked in the app. */
const LANGUAGE_LIST = Object.keys(LANGUAGES).filter((code) => code !== BASE_LOCALE)
const BROWSER_LANGUAGE = 'de'

type Screen = {
  name: string
  /** The pattern in src/web/routes.ts this screen is a page of. */
  route: string
  path: () => string
  /** Brings the screen to the state to read, once its heading shows; `code` is the page's language. */
  ready?: (page: Page, code: string) => Promise<unknown>
}

/** Moves within the app as its own links do, keeping the wallet's connection and the session. */
const go = (page: Page, path: string) =>
  page.evaluate((to) => {
    history.pushState(null, '', to)
    dispatchEvent(new PopStateEvent('popstate'))
  }, path)

describe('every screen of both audiences in every language', () => {
  const paths: Record<string, string> = {}
  let browser: WalletBrowser
  let session: Awaited<ReturnType<WalletBrowser['context']['cookies']>>

  beforeAll(async () => {
    const { cookie } = await signIn(appUrl, bob)
    await graphql(appUrl, 'mutation { setReportingCurrency(currency: "EUR") }', { cookie })
    const open = await createRequest(appUrl, cookie, bob, { amount: '1234.5', memo: 'Logo und Website' })
    // Paid above the amount asked: its page offers a refund.
    const paid = await createRequest(appUrl, cookie, bob, { amount: '3', memo: 'Beratung' })
    await pay(anvilUrl, { from: 6, to: bob.address, amount: 4_000_000n, reference: paid.reference })
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
      minAmount: '1',
      maxAmount: '100',
    })
    const { schedule } = await createSchedule(appUrl, cookie, bob)
    // A plan and a subscription to it (dev account 8 grants, as in the permission test); bob's relayer is
    // on only while the subscription starts, so the rest of the suite finds it as it was.
    const relayer = (enabled: boolean) =>
      graphql(appUrl, `mutation { updateRelayer(chainId: 31337, enabled: ${enabled}) { enabled } }`, { cookie })
    await relayer(true)
    const { plan } = await createPlan(appUrl, cookie, bob)
    const { subscription } = await subscribeToPlan(appUrl, anvilUrl, plan!.id, 8)
    await relayer(false)
    const till = await createTill(appUrl, cookie, bob, {
      name: 'Theke',
      chainId: 31337,
      asset: DEV_USDC_ADDRESS,
      currency: 'EUR',
      tips: ['10'],
    })
    await chargeSale(appUrl, cookie, till.id!, { amount: '12.50' })
    const invitation = await graphql<{ inviteMember: { token: string } }>(
      appUrl,
      'mutation { inviteMember(role: "cashier") { token } }',
      { cookie },
    )
    const payout = await graphql<{ preparePayout: { id: string; lines: { id: string }[] } }>(
      appUrl,
      'mutation($csv: String) { preparePayout(chainId: 31337, csv: $csv) { id lines { id } } }',
      { cookie, variables: { csv: `address,amount,token,note\n${alice.address},2.5,USDC,Mai\n` } },
    )
    Object.assign(paths, {
      payout: `/payouts/${payout.data!.preparePayout.id}`,
      payoutReceipt: `/payout/${payout.data!.preparePayout.lines[0]!.id}`,
      till: `/pos/${till.id}`,
      tillReport: `/pos/${till.id}/report`,
      tillLink: `/till/${till.id}`,
      join: `/join/${invitation.data!.inviteMember.token}`,
      pay: `/pay/${open.id}`,
      receipt: `/receipts/${paid.id}`,
      request: `/requests/${open.id}`,
      refund: `/requests/${paid.id}`,
      priced: `/pay/${priced.data!.createPricedPaymentRequest.id}`,
      invoice: `/pay/${invoice.data!.createInvoice.requestId}`,
      link: `/l/${link.id}`,
      schedule: schedule!.linkPath,
      plan: `/plans/${plan!.id}`,
      subscription: `/subscriptions/${subscription!.id}`,
    })
    // One Chromium in German, with bob's wallet (dev account 1) connected and his session kept aside.
    browser = await launchWithDevWallet({ locale: 'de-DE' })
    await browser.page.goto(withDevWallet(new URL('/', appUrl).href, { account: 1, chains: { '31337': anvilUrl } }))
    await connectDevWallet(browser.page, catalog('shell', BROWSER_LANGUAGE).connect!.button)
    const [name, value] = cookie.split('=') as [string, string]
    session = [
      {
        name,
        value,
        domain: new URL(appUrl).hostname,
        path: '/',
        expires: -1,
        httpOnly: true,
        secure: false,
        sameSite: 'Lax',
      },
    ]
  })
  afterAll(() => browser?.close())

  const screens: Screen[] = [
    { name: 'dashboard', route: '/', path: () => '/', ready: (p) => p.locator('table.requests').waitFor() },
    {
      name: 'new request',
      route: '/new',
      path: () => '/new',
      ready: (p) => p.locator('#request-amount').waitFor(),
    },
    {
      name: 'new priced request',
      route: '/new',
      path: () => '/new',
      ready: async (p) => {
        await p.locator('input[name="request-kind"]').nth(1).check({ force: true })
        await p.locator('input[type="checkbox"]').first().waitFor({ state: 'attached' })
      },
    },
    {
      name: 'request',
      route: '/requests/:id',
      path: () => paths.request!,
      ready: (p) => p.getByTestId('timeline').waitFor(),
    },
    {
      name: 'refund dialog',
      route: '/requests/:id',
      path: () => paths.refund!,
      ready: async (p, code) => {
        await p.getByRole('button', { name: catalog('payee/refunds', code)['payee/refunds/dialog']!.open }).click()
        await p.getByRole('dialog').waitFor()
      },
    },
    { name: 'unmatched transfers', route: '/unmatched', path: () => '/unmatched' },
    {
      name: 'settings, relayers and e-mail',
      route: '/settings',
      path: () => '/settings',
      ready: (p) => p.getByTestId('relayer-enabled').first().waitFor(),
    },
    {
      name: 'developers',
      route: '/developers',
      path: () => '/developers',
      ready: async (p) => {
        await p.locator('table').first().waitFor()
        // The link's QR code, folded until opened.
        await p.locator('details.link-qr summary').first().click()
        await p.locator('details.link-qr svg, details.link-qr img, details.link-qr canvas').first().waitFor()
      },
    },
    {
      name: 'invoices',
      route: '/invoices',
      path: () => '/invoices',
      ready: (p) => p.locator('table').first().waitFor(),
    },
    {
      name: 'new invoice',
      route: '/invoices/new',
      path: () => '/invoices/new',
      ready: (p) => p.locator('#invoice-buyer-name').waitFor(),
    },
    {
      name: 'schedules',
      route: '/schedules',
      path: () => '/schedules',
      ready: (p) => p.getByTestId('schedule').first().waitFor(),
    },
    { name: 'plans', route: '/plans', path: () => '/plans', ready: (p) => p.locator('#plan-name').waitFor() },
    {
      name: 'subscribers',
      route: '/subscribers',
      path: () => '/subscribers',
      ready: (p) => p.getByTestId('subscriber-figures').waitFor(),
    },
    {
      name: 'statement',
      route: '/statements',
      path: () => '/statements',
      ready: (p) => p.getByTestId('statement-line').first().waitFor(),
    },
    {
      name: 'payouts',
      route: '/payouts',
      path: () => '/payouts',
      ready: (p) => p.getByTestId('payout-line').waitFor(),
    },
    {
      name: 'payout',
      route: '/payouts/:id',
      path: () => paths.payout!,
      ready: (p) => p.getByTestId('payout-paid-count').waitFor(),
    },
    { name: 'team', route: '/team', path: () => '/team', ready: (p) => p.getByTestId('members').waitFor() },
    { name: 'tills', route: '/pos', path: () => '/pos', ready: (p) => p.locator('.till-list').waitFor() },
    { name: 'till', route: '/pos/:id', path: () => paths.till! },
    { name: 'till report', route: '/pos/:id/report', path: () => paths.tillReport! },
    {
      name: 'invitation',
      route: '/join/:id',
      path: () => paths.join!,
      ready: (p) => p.getByTestId('invitation-offer').waitFor(),
    },
    {
      name: 'pay page',
      route: '/pay/:id',
      path: () => paths.pay!,
      ready: (p) => p.getByTestId('network-fee').waitFor(),
    },
    {
      name: 'priced pay page',
      route: '/pay/:id',
      path: () => paths.priced!,
      ready: (p) => p.getByTestId('request-amount').waitFor(),
    },
    {
      name: 'invoice pay page',
      route: '/pay/:id',
      path: () => paths.invoice!,
      ready: (p) => p.getByTestId('invoice-panel').waitFor(),
    },
    {
      name: 'payment link',
      route: '/l/:id',
      path: () => paths.link!,
      ready: (p) => p.locator('#link-amount').waitFor(),
    },
    { name: 'schedule link', route: '/s/:id', path: () => paths.schedule!, ready: (p) => p.waitForURL(/\/pay\//) },
    { name: 'plan link', route: '/plans/:id', path: () => paths.plan!, ready: (p) => p.locator('h1').waitFor() },
    {
      name: 'subscription',
      route: '/subscriptions/:id',
      path: () => paths.subscription!,
      ready: (p) => p.getByTestId('subscription-state').waitFor(),
    },
    {
      name: 'payout receipt',
      route: '/payout/:id',
      path: () => paths.payoutReceipt!,
      ready: (p) => p.getByTestId('payout-receipt').waitFor(),
    },
    { name: 'pay several', route: '/pay-several', path: () => '/pay-several' },
    { name: 'till link', route: '/till/:id', path: () => paths.tillLink!, ready: (p) => p.waitForURL(/\/pay\//) },
    {
      name: 'receipt',
      route: '/receipts/:id',
      path: () => paths.receipt!,
      ready: (p) => p.getByTestId('receipt-amount').waitFor(),
    },
  ]

  it('walks a screen of every page in the route table', () => {
    expect(routes.map((r) => r.path).filter((path) => !screens.some((s) => s.route === path))).toEqual([])
  })

  it.each(LANGUAGE_LIST)(
    'in %s, no English is left on the start page or any screen',
    async (code) => {
      const { page, context } = browser
      // The language is read as the app starts: German is the browser's, another is the one picked.
      await page.evaluate(
        (chosen) =>
          chosen ? localStorage.setItem('billfold.language', chosen) : localStorage.removeItem('billfold.language'),
        code === BROWSER_LANGUAGE ? null : code,
      )
      await context.clearCookies()
      await page.goto(new URL('/', appUrl).href)
      await page.getByTestId('sign-in-step').waitFor()
      expect(await page.locator('html').getAttribute('lang')).toBe(code)
      expect(await englishLeftOn(page, code), `start page in ${code}`).toEqual([])

      await context.addCookies(session)
      await page.goto(new URL('/', appUrl).href)
      for (const screen of screens) {
        if (new URL(page.url()).pathname !== screen.path()) {
          // The heading of the screen left is marked, so the wait below is for the next one's.
          await page.evaluate(() => document.querySelector('h1')?.setAttribute('data-left', ''))
          await go(page, screen.path())
        }
        await page.locator('h1:not([data-left])').first().waitFor()
        await screen.ready?.(page, code)
        expect.soft(await englishLeftOn(page, code), `${screen.name} in ${code}`).toEqual([])
        await page.keyboard.press('Escape')
      }
    },
    120_000,
  )

  it('in German, the invoice number’s hint follows the field as typed and the schedule form names its weekdays', async () => {
    const { page } = browser
    await page.evaluate(() => localStorage.removeItem('billfold.language'))
    await page.goto(new URL('/settings', appUrl).href)
    await page.getByLabel('Muster der Rechnungsnummer').fill('RE-{seq:3}')
    await page
      .getByTestId('seller-pattern-hint')
      .filter({ hasText: /Nächste Rechnung: RE-\d{3}\./ })
      .waitFor()
    await go(page, '/schedules')
    await page.getByLabel('Wiederholung').selectOption('week')
    expect(await page.getByLabel('Am', { exact: true }).locator('option').first().textContent()).toBe('Montag')
  })
})
