import { afterEach, describe, expect, inject, it } from 'vitest'
import { launchWithDevWallet, setDevWalletOptions, withDevWallet } from './support/chromium.ts'
import { alice, graphql, signIn } from '../src/api/testing/graphqlClient.ts'
import { createRequest } from '../src/api/testing/paymentRequestInput.ts'
import { checkScreen } from './support/screens.ts'
import { closeBrowsers, connectDevWallet, openBrowsers, personAt, statusOf as status } from './support/people.ts'
import { startFaultyRpc } from '../testing/faultyRpc.ts'
import { startTestApp } from '../testing/startTestApp.ts'
import { pay } from '../src/watcher/testing/payments.ts'
import { devAccounts } from '../src/chain/devnet/setUpDevChain.ts'
import { decodeQr } from './support/qr.ts'
import { dueDatePresets } from '../src/web/payee/dueDates.ts'

const appUrl = inject('appUrl')
afterEach(closeBrowsers)

describe('a payment request, end to end in Chromium with the dev wallet', () => {
  it('the payee creates a USDC request, another account pays it, and both pages turn paid without a reload', async () => {
    const payee = await personAt('/', 0, { signIn: true })
    await payee.getByRole('link', { name: 'New request' }).click()
    await payee.getByLabel('Amount').fill('12.34')
    await payee.getByLabel(/^Memo/).fill('Invoice <b>42</b>')
    await checkScreen(payee, 'create-request')
    await payee.getByRole('button', { name: 'Sign and create request' }).click()
    await payee.waitForURL(/\/requests\/[A-Za-z0-9]{16}$/)
    expect(await status(payee)).toBe('open')
    await checkScreen(payee, 'request')
    expect(await payee.getByTestId('request-memo').textContent()).toBe('Invoice <b>42</b>')
    const payLink = await payee.getByRole('textbox', { name: 'Pay link' }).inputValue()
    expect(payLink).toMatch(/\/pay\/[A-Za-z0-9]{16}$/)
    expect(await payee.getByRole('img', { name: 'QR code of the pay link' }).getAttribute('data-qr-value')).toBe(
      payLink,
    )

    const payer = await personAt(new URL(payLink).pathname, 1, { signIn: false })
    await payer.getByTestId('signature-verified').waitFor()
    expect(await payer.getByTestId('request-amount').textContent()).toBe('12.34 USDC')
    // Free test USDC must never pass for money.
    expect(await payer.getByTestId('test-network').textContent()).toBe('Test network: no real money')
    await checkScreen(payer, 'pay')
    await payer.getByRole('button', { name: 'Pay 12.34 USDC' }).click()

    await expect.poll(() => status(payer), { timeout: 15_000 }).toBe('paid')
    await expect.poll(() => status(payee), { timeout: 15_000 }).toBe('paid')
    await payee.getByText(/12\.34 USDC from 0x70997970C51812dc3A010C7d01b50e0d17dc79C8/).waitFor()

    // The payer gets the transaction and their receipt, not only a thank-you.
    const outcome = payer.getByTestId('paid-outcome')
    expect(await outcome.getByTestId('transaction-hash').textContent()).toMatch(/^0x[0-9a-f]{64}$/)
    // Paid on the request's own chain alone: no payment names its chain, and no total repeats the amount.
    expect(await outcome.getByTestId('paid-payment').textContent()).toMatch(/^12\.34 USDC: 0x[0-9a-f]{64}$/)
    expect(await payer.getByTestId('payments-total').count()).toBe(0)
    await outcome.getByRole('link', { name: 'View receipt' }).click()
    expect(await payer.getByTestId('receipt-amount').textContent()).toBe('12.34 USDC')
    expect(await payer.getByTestId('receipt-chains').textContent()).toMatch(/^Billfold dev chain/)
    expect(await payer.getByTestId('receipt-payment').textContent()).not.toContain('Billfold dev chain')
    expect(await payer.getByTestId('payments-total').count()).toBe(0)

    // Paid: the share panel folds away.
    await expect.poll(() => payee.locator('details.share-panel').getAttribute('open')).toBeNull()

    // The receipt, for either side, and how it prints.
    await payee.getByRole('link', { name: 'Receipt' }).click()
    expect(await payee.getByTestId('receipt-amount').textContent()).toBe('12.34 USDC')
    expect(await payee.getByTestId('receipt-payer').textContent()).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
    await payee
      .getByText(/^0x[0-9a-f]{64}$/)
      .first()
      .waitFor()
    await checkScreen(payee, 'receipt')
    await payee.emulateMedia({ media: 'print' })
    expect(await payee.locator('.site-header').isVisible()).toBe(false)
    expect(await payee.getByRole('button', { name: 'Print or save as PDF' }).isVisible()).toBe(false)
    expect(await payee.getByTestId('receipt-amount').isVisible()).toBe(true)
  })

  it('keeps the form as typed when the wallet refuses to sign, and shows why', async () => {
    const payee = await personAt('/', 0, { signIn: true })
    await payee.getByRole('link', { name: 'New request' }).click()
    await payee.getByLabel('Amount').fill('5')
    await payee.getByLabel(/^Memo/).fill('Keep me')
    await setDevWalletOptions(payee, { reject: ['eth_signTypedData_v4'] })
    await payee.getByRole('button', { name: 'Sign and create request' }).click()
    await expect
      .poll(() => payee.getByRole('alert').first().textContent())
      .toContain('You declined to sign in your wallet. Nothing was signed.')
    expect(await payee.getByLabel('Amount').inputValue()).toBe('5')
    expect(await payee.getByLabel(/^Memo/).inputValue()).toBe('Keep me')
    expect(payee.url()).toBe(new URL('/new', appUrl).href)
  })

  it('explains bad amounts as they are typed', async () => {
    const payee = await personAt('/', 0, { signIn: true })
    await payee.getByRole('link', { name: 'New request' }).click()
    const amount = payee.getByLabel('Amount')
    for (const [typed, sentence] of [
      ['1e6', 'Write the amount out in full, without an exponent: 1000000, not 1e6.'],
      ['0.0000001', 'USDC has at most 6 decimal places.'],
      ['1,00,000', 'A separator is in the wrong place: write it as 1000.50 or 1,000.50.'],
      ['0', 'The amount must be more than zero.'],
      ['1,000', '“1,000” could mean 1000 or 1.000: type 1000 or 1.000, whichever you mean.'],
    ]) {
      await amount.fill(typed!)
      await amount.blur()
      await expect.poll(() => payee.locator('#request-amount-error').textContent()).toBe(sentence)
      expect(await amount.getAttribute('aria-invalid')).toBe('true')
    }
    // Read the English way, and said back with its cents before anything is signed.
    await amount.fill('1,000.5')
    await expect.poll(() => payee.getByTestId('request-amount-hint').textContent()).toBe('Understood as 1,000.50 USDC')
  })

  it('the start page and the connect dialog pass the accessibility checks and fit a 375 px screen', async () => {
    const browser = await launchWithDevWallet()
    openBrowsers.push(browser)
    await browser.page.goto(appUrl)
    await browser.page.getByRole('heading', { name: /Request crypto payments/ }).waitFor()
    // A visitor learns what Billfold is, what it takes, and how to try it on the test network.
    for (const heading of ['How it works', 'What you need', 'Try it with test money'])
      await browser.page.getByRole('heading', { name: heading }).waitFor()
    expect(await browser.page.title()).toBe('Billfold')
    // Written for visitors, not for whoever runs the server.
    expect(await browser.page.locator('main').textContent()).not.toMatch(/npm |devwallet|offers Billfold/)
    await checkScreen(browser.page, 'home')
    await browser.page.getByRole('button', { name: 'Connect wallet' }).first().click()
    await browser.page
      .getByRole('dialog')
      .getByRole('option', { name: /Billfold Dev Wallet/ })
      .waitFor()
    // Wallets to install show their own logos, bundled with the app; nothing is fetched for them.
    for (const wallet of ['MetaMask', 'Coinbase Wallet', 'Rabby Wallet', 'Trust Wallet']) {
      const logo = browser.page.getByRole('dialog').getByRole('option', { name: wallet }).locator('img.wallet-icon')
      expect(await logo.getAttribute('src'), wallet).toMatch(/^data:image\/svg\+xml,/)
      expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), wallet).toBe(true)
    }
    await checkScreen(browser.page, 'connect-dialog')
  })

  it('says so before anything is signed when the payer holds too little of the asset', async () => {
    const { cookie } = await signIn(appUrl, alice)
    // Every dev account holds a million test USDC.
    const request = await createRequest(appUrl, cookie, alice, { amount: '2000000', memo: 'Too much' })
    const payer = await personAt(`/pay/${request.id}`, 5, { signIn: false })
    await payer.getByTestId('balance-short').waitFor()
    expect(await payer.getByTestId('balance-short').textContent()).toBe(
      'This account holds too little USDC for this payment. Add funds or pay from another account.',
    )
    // The button says why, and looks disabled: grey, dashed, no pointer.
    const button = payer.getByTestId('pay-button')
    await expect.poll(() => button.textContent()).toMatch(/^Not enough USDC: you have [\d,]+(\.\d+)?$/)
    expect(await button.isDisabled()).toBe(true)
    expect(await button.evaluate((b) => [getComputedStyle(b).cursor, getComputedStyle(b).borderStyle])).toEqual([
      'not-allowed',
      'dashed',
    ])
  })

  it('says so when a request id does not exist', async () => {
    const browser = await launchWithDevWallet()
    openBrowsers.push(browser)
    await browser.page.goto(new URL('/pay/doesNotExist1234', appUrl).href)
    await expect
      .poll(() => browser.page.getByRole('alert').textContent())
      .toContain('Billfold cannot find this. It may have been removed, or the link may be incomplete.')
  })

  it('tells the payer that payments on the chain may show late while the watcher’s RPC fails', async () => {
    // A server of its own whose RPC provider refuses every eth_getLogs, as during an outage.
    const rpc = await startFaultyRpc(inject('anvilUrl'), { logsLimit: { provider: 'unhealthy', maxBlocks: 0 } })
    const app = await startTestApp({ anvilUrl: rpc.url, rateLimitPerMinute: 0 })
    try {
      const { cookie } = await signIn(app.url, alice)
      const request = await createRequest(app.url, cookie, alice, { amount: '4' })
      await pay(inject('anvilUrl'), { from: 2, to: alice.address, amount: 1n })
      const lagging = async () =>
        (
          await graphql<{ chains: { watcher: { lagging: boolean } | null }[] }>(
            app.url,
            '{ chains { watcher { lagging } } }',
          )
        ).data?.chains[0]?.watcher?.lagging
      await expect.poll(lagging, { timeout: 15_000 }).toBe(true)
      const browser = await launchWithDevWallet({ extension: false })
      openBrowsers.push(browser)
      await browser.page.goto(new URL(`/pay/${request.id}`, app.url).href)
      await browser.page.getByText(/Payments on Billfold dev chain may show late/).waitFor({ timeout: 20_000 })
    } finally {
      await app.close()
      await rpc.close()
    }
  })

  it('a payer without a browser wallet pays from the direct-payment panel: exact terms, an EIP-681 QR code, and a plain transfer turns the page paid', async () => {
    const { cookie } = await signIn(appUrl, alice)
    const request = await createRequest(appUrl, cookie, alice, { amount: '3.217' })
    const browser = await launchWithDevWallet({ extension: false })
    openBrowsers.push(browser)
    const { page } = browser
    await page.goto(new URL(`/pay/${request.id}`, appUrl).href)
    await page.getByText('Pay from another wallet or an exchange').click()
    expect(await page.getByTestId('direct-amount').textContent()).toBe('3.217 USDC')
    expect(await page.getByTestId('direct-to-address').textContent()).toBe(alice.address)
    await checkScreen(page, 'pay-direct')
    const uri =
      decodeQr(await page.getByRole('img', { name: /QR code to pay from a mobile wallet/ }).screenshot()) ?? ''
    const parsed = /^ethereum:(0x[0-9a-fA-F]{40})@(\d+)\/transfer\?address=(0x[0-9a-fA-F]{40})&uint256=(\d+)$/.exec(uri)
    expect(parsed, uri).not.toBeNull()
    const [, token, chainId, to, amount] = parsed!
    expect({ token: token!.toLowerCase(), chainId, to, amount }).toEqual({
      token: (await page.getByTestId('direct-token-contract').textContent())!.toLowerCase(),
      chainId: '31337',
      to: alice.address,
      amount: '3217000',
    })
    // What an exchange or a QR-scanning wallet sends: transfer(payee, amount), nothing after it.
    await pay(inject('anvilUrl'), { from: 2, to: to as `0x${string}`, amount: BigInt(amount!) })
    await expect.poll(() => status(page), { timeout: 15_000 }).toBe('paid')
  })

  it('the payee assigns a transfer that two requests of the same amount could not tell apart', async () => {
    const { cookie } = await signIn(appUrl, alice)
    const first = await createRequest(appUrl, cookie, alice, { amount: '4.561', memo: 'First of two' })
    await createRequest(appUrl, cookie, alice, { amount: '4.561', memo: 'Second of two' })
    const hash = await pay(inject('anvilUrl'), { from: 3, to: alice.address, amount: 4_561_000n })
    const listed = async () =>
      (
        await graphql<{ myUnmatchedTransfers: { items: { txHash: string }[] } }>(
          appUrl,
          '{ myUnmatchedTransfers { items { txHash } } }',
          { cookie },
        )
      ).data!.myUnmatchedTransfers.items.some((t) => t.txHash === hash)
    await expect.poll(listed, { timeout: 15_000 }).toBe(true)
    const payee = await personAt('/', 0, { signIn: true })
    await payee.getByTestId('unmatched-count').getByRole('link', { name: 'Review them' }).click()
    const row = payee.getByTestId('unmatched-transfer').filter({ hasText: '4.561 USDC' })
    await row.waitFor()
    await checkScreen(payee, 'unmatched')
    await row.getByRole('button', { name: 'Assign to request…' }).click()
    const dialog = payee.getByRole('dialog')
    await dialog.locator('option', { hasText: 'First of two' }).waitFor({ state: 'attached' })
    await dialog
      .getByRole('combobox')
      .selectOption((await dialog.locator('option', { hasText: 'First of two' }).getAttribute('value'))!)
    await dialog.getByRole('button', { name: 'Assign' }).click()
    await row.waitFor({ state: 'detached' })
    const read = await graphql<{ paymentRequest: { status: string; payments: { matchedBy: string }[] } }>(
      appUrl,
      'query($id: String!) { paymentRequest(id: $id) { status payments { matchedBy } } }',
      { variables: { id: first.id } },
    )
    expect(read.data!.paymentRequest).toEqual({ status: 'paid', payments: [{ matchedBy: 'assigned' }] })
  })
})

describe('the pay page shows what a payer needs to trust it', () => {
  const anvilUrl = inject('anvilUrl')

  it('shows the amount grouped and in dollars, the payee and token contract with copy buttons, the time left and the network fee', async () => {
    const { cookie } = await signIn(appUrl, alice)
    const request = await createRequest(appUrl, cookie, alice, { amount: '1234.5', memo: 'Rent' })
    const payer = await personAt(`/pay/${request.id}`, 3, { signIn: false })
    expect(await payer.getByTestId('request-amount').textContent()).toBe('1,234.50 USDC')
    expect(await payer.title()).toBe('Pay 1,234.50 USDC · Billfold')
    expect(await payer.getByTestId('request-usd').textContent()).toBe('≈ $1,234.50')
    expect(await payer.getByTestId('request-payee').textContent()).toBe(alice.address)
    await payer.getByRole('button', { name: "Copy the payee's address" }).waitFor()
    expect(await payer.getByTestId('request-token').textContent()).toBe('0xB111F01dB111F01dB111f01DB111F01dB111F01d')
    expect(await payer.getByTestId('request-due-in').textContent()).toMatch(/\(due in (7|6) days\)/)
    // The fee in ETH and, beside it, in the payer's currency (dollars for USDC), valued with the chain's feeds.
    await expect
      .poll(() => payer.getByTestId('network-fee').textContent())
      .toMatch(/^Network fee: about [\d.]+ ETH \(≈ \$\d+\.\d\d\), paid to the network/)
    expect(await payer.getByTestId('pay-button').textContent()).toBe('Pay 1,234.50 USDC')
  })

  it('a pay link has the browser fetch its request with the page, and the app reads it from there', async () => {
    const { cookie } = await signIn(appUrl, alice)
    const request = await createRequest(appUrl, cookie, alice, { amount: '7', memo: 'Preloaded' })
    const browser = await launchWithDevWallet()
    openBrowsers.push(browser)
    const { page } = browser
    const fetched: string[] = []
    const warnings: string[] = []
    page.on('request', (r) => {
      if (new URL(r.url()).searchParams.get('operationName') === 'PaymentRequest')
        fetched.push(`${r.resourceType()} ${r.method()}`)
    })
    page.on('console', (message) => {
      if (message.text().includes('preload')) warnings.push(message.text())
    })
    await page.goto(new URL(`/pay/${request.id}`, appUrl).href)
    expect(await page.getByTestId('request-amount').textContent()).toBe('7.00 USDC')
    // The first read is the page's preload (Chromium's type "other"), not a fetch by the app.
    expect(fetched[0]).toBe('other GET')
    // Chromium says so a few seconds after load when a preload went unused (its URL or credentials differ from the app's fetch).
    await page.waitForTimeout(4_000)
    expect(warnings).toEqual([])
  })

  it('names a missing network fee as gas, before anything is signed', async () => {
    const { cookie } = await signIn(appUrl, alice)
    const request = await createRequest(appUrl, cookie, alice, { amount: '3' })
    const poor = devAccounts[7]!
    const rpc = (method: string, params: unknown[]) =>
      fetch(anvilUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      }).then((r) => r.json())
    const { result: before } = (await rpc('eth_getBalance', [poor, 'latest'])) as { result: string }
    await rpc('anvil_setBalance', [poor, '0x1'])
    try {
      const payer = await personAt(`/pay/${request.id}`, 7, { signIn: false })
      await payer.getByTestId('gas-short').waitFor()
      expect(await payer.getByTestId('gas-short').textContent()).toBe(
        'This account holds too little ETH to pay the network fee. Add some ETH or pay from another account.',
      )
      expect(await payer.getByTestId('pay-button').textContent()).toMatch(
        /^Not enough ETH for the network fee: you have 0\.000000000000000001, about [\d.]+ needed$/,
      )
      expect(await payer.getByTestId('pay-button').isDisabled()).toBe(true)
    } finally {
      await rpc('anvil_setBalance', [poor, before])
    }
  })

  it('spells out a partial payment with the figures, and asks the payee before they pay their own request', async () => {
    const { cookie } = await signIn(appUrl, alice)
    const request = await createRequest(appUrl, cookie, alice, { amount: '12.5' })
    await pay(anvilUrl, { from: 4, to: alice.address, amount: 5_000_000n, reference: request.reference })
    const payee = await personAt(`/pay/${request.id}`, 0, { signIn: false })
    await expect
      .poll(() => payee.getByTestId('partially-paid').textContent(), { timeout: 15_000 })
      .toBe('Partially paid: 5.00 of 12.50 USDC received; 7.50 USDC still to pay.')
    await payee.getByRole('button', { name: 'Pay the rest, 7.50 USDC' }).click()
    const dialog = payee.getByRole('alertdialog', { name: 'Pay your own request?' })
    await dialog.waitFor()
    await dialog.getByRole('button', { name: 'Don’t pay' }).click()
    await dialog.waitFor({ state: 'detached' })
    expect(await payee.getByTestId('payment-sent').count()).toBe(0)
  })
})

describe('the pay page speaks the payer’s language', () => {
  /** A payer whose browser prefers `locale`, connected with the dev wallet on `account`. */
  async function payerIn(locale: string, path: string, account: number) {
    const browser = await launchWithDevWallet({ locale })
    openBrowsers.push(browser)
    await browser.page.goto(
      withDevWallet(new URL(path, appUrl).href, { account, chains: { '31337': inject('anvilUrl') } }),
    )
    return browser.page
  }

  it('in German from the browser’s language: the page, the connect dialog, amounts and dates; then the receipt, switched to Japanese and remembered', async () => {
    const { cookie } = await signIn(appUrl, alice)
    const request = await createRequest(appUrl, cookie, alice, { amount: '1234.5', memo: 'Miete' })
    const payer = await payerIn('de-DE', `/pay/${request.id}`, 5)

    await payer.getByRole('heading', { name: 'An 0xf39F…2266 zahlen' }).waitFor()
    expect(await payer.locator('html').getAttribute('lang')).toBe('de')
    expect(await payer.title()).toBe('1.234,50 USDC zahlen · Billfold')
    expect(await payer.getByTestId('request-amount').textContent()).toBe('1.234,50 USDC')
    expect(await payer.getByTestId('request-usd').textContent()).toBe('≈ 1.234,50\u00a0$')
    expect(await payer.getByTestId('request-status').textContent()).toBe('Zahlung ausstehend')
    expect(await payer.getByTestId('request-due-in').textContent()).toMatch(/\(fällig in (7|6) Tagen\)/)
    expect(await payer.getByTestId('test-network').textContent()).toBe('Testnetz: kein echtes Geld')
    await payer.getByText('Verbinden Sie die Wallet, mit der Sie zahlen möchten.').waitFor()

    await payer.getByRole('button', { name: 'Wallet verbinden' }).first().click()
    const dialog = payer.getByRole('dialog', { name: 'Wallet verbinden' })
    await dialog.getByRole('combobox', { name: 'Wallets suchen' }).fill('nothing-like-this')
    await dialog.getByText('Keine Wallet passt zu „nothing-like-this“.').waitFor()
    await dialog.getByRole('combobox', { name: 'Wallets suchen' }).fill('')
    await dialog.getByRole('option', { name: /Billfold Dev Wallet/ }).click()
    await payer.getByTestId('account-address').waitFor()

    await expect
      .poll(() => payer.getByTestId('network-fee').textContent())
      .toMatch(/^Netzwerkgebühr: etwa [\d,]+ ETH \(≈ \d+,\d\d\u00a0\$\), an das Netzwerk/)
    await payer.getByRole('button', { name: '1.234,50 USDC zahlen' }).click()
    const outcome = payer.getByTestId('paid-outcome')
    await outcome.waitFor({ timeout: 15_000 })
    expect(await outcome.locator('strong').textContent()).toMatch(/^Bezahlt am \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}\.$/)
    await outcome.getByRole('link', { name: 'Beleg ansehen' }).click()
    await payer.getByRole('heading', { name: 'Beleg' }).waitFor()
    expect(await payer.getByTestId('receipt-amount').textContent()).toBe('1.234,50 USDC')
    await payer.getByRole('button', { name: 'Drucken oder als PDF speichern' }).waitFor()

    await payer.getByRole('combobox', { name: 'Sprache' }).selectOption('ja')
    await payer.getByRole('heading', { name: '領収書' }).waitFor()
    expect(await payer.locator('html').getAttribute('lang')).toBe('ja')
    expect(await payer.getByTestId('receipt-amount').textContent()).toBe('1,234.50 USDC')
    await payer.reload()
    await payer.getByRole('heading', { name: '領収書' }).waitFor()
    expect(await payer.getByRole('combobox', { name: '言語' }).inputValue()).toBe('ja')
  })

  it('matches a regional browser language (pt-PT → Português (Brasil)), and falls back to English for a language it does not speak or a stored code that is not one', async () => {
    const { cookie } = await signIn(appUrl, alice)
    const request = await createRequest(appUrl, cookie, alice, { amount: '2' })
    const portuguese = await payerIn('pt-PT', `/pay/${request.id}`, 5)
    await portuguese.getByRole('heading', { name: 'Pagar 0xf39F…2266' }).waitFor()

    const unknown = await payerIn('xx-YY', `/pay/${request.id}`, 5)
    await unknown.getByRole('heading', { name: 'Pay 0xf39F…2266' }).waitFor()
    await unknown.evaluate(() => localStorage.setItem('billfold.language', 'English'))
    await unknown.reload()
    await unknown.getByRole('heading', { name: 'Pay 0xf39F…2266' }).waitFor()
    expect(await unknown.getByRole('combobox', { name: 'Language' }).inputValue()).toBe('en')
  })
})

describe('the dev wallet follows the app', () => {
  it('pays through the app’s own relay with no chain URL given (the app on a free port, Anvil not on 8545), and keeps its account on the next visit', async () => {
    const { cookie } = await signIn(appUrl, alice)
    const request = await createRequest(appUrl, cookie, alice, { amount: '2.5', memo: 'Relay' })
    const browser = await launchWithDevWallet()
    openBrowsers.push(browser)
    const { page } = browser
    // As a person loads it by hand: only the account is chosen, once, in the link.
    await page.goto(withDevWallet(new URL(`/pay/${request.id}`, appUrl).href, { account: 7 }))
    await connectDevWallet(page)
    await page.getByRole('button', { name: 'Pay 2.50 USDC' }).click()
    await expect.poll(() => status(page), { timeout: 15_000 }).toBe('paid')
    const [payment] = (
      await graphql<{ paymentRequest: { payments: { from: string }[] } }>(
        appUrl,
        `{ paymentRequest(id: "${request.id}") { payments { from } } }`,
      )
    ).data!.paymentRequest.payments
    expect(payment!.from).toBe(devAccounts[7]!)

    // The same link again, without the setting: still account 7, not the first dev account.
    await page.goto(new URL(`/pay/${request.id}`, appUrl).href)
    await expect
      .poll(() =>
        page.evaluate(() =>
          (window as { ethereum?: { request(a: object): Promise<string[]> } }).ethereum!.request({
            method: 'eth_accounts',
          }),
        ),
      )
      .toEqual([devAccounts[7]!])
  })
})

describe('the create form helps', () => {
  it('says a memo is too long while it is typed, offers due dates ending the day, and refuses a payer’s broken checksum', async () => {
    const page = await personAt('/', 0, { signIn: true })
    await page.getByRole('link', { name: 'New request' }).click()
    const [inAWeek, inAMonth] = dueDatePresets()
    expect(await page.getByLabel('Due', { exact: true }).inputValue()).toBe(inAWeek!.value)
    await page.getByRole('button', { name: 'In 30 days' }).click()
    expect(await page.getByLabel('Due', { exact: true }).inputValue()).toBe(inAMonth!.value)

    await page.getByLabel(/^Memo/).fill('x'.repeat(300))
    await page.getByText('Keep the memo to 280 characters.').waitFor()
    expect(await page.getByLabel(/^Memo/).inputValue()).toHaveLength(300)

    const payer = page.getByLabel(/^Payer/)
    await payer.fill('0x90f79bf6EB2c4f870365E785982E1f101E93b906')
    await payer.blur()
    await page.getByText(/^Enter the payer’s address, 0x followed by 40 characters/).waitFor()
    await payer.fill('  0x90F79bf6EB2c4f870365E785982E1f101E93b906 ')
    await expect.poll(() => page.getByText(/^Enter the payer’s address, 0x followed by 40 characters/).count()).toBe(0)
  })
})
