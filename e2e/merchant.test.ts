import { spawn, type ChildProcess } from 'node:child_process'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { alice, graphql, signIn } from '../src/api/testing/graphqlClient.ts'
import { createApiKey, createPaymentLink } from '../src/api/testing/merchantClient.ts'
import { DEV_USDC_ADDRESS } from '../src/chain/tokens.ts'
import { launchWithDevWallet, setDevWalletOptions } from './support/chromium.ts'
import { closeBrowsers, openBrowsers, personAt } from './support/people.ts'
import { startWebhookReceiver } from '../testing/webhookReceiver.ts'
import { checkScreen } from './support/screens.ts'
import { decodeQr } from './support/qr.ts'
import { freePort } from '../testing/freePort.ts'

const appUrl = inject('appUrl')

describe('the example shop takes a payment through Billfold', () => {
  let shop: ChildProcess
  let shopUrl: string
  let webhookSecret: string

  beforeAll(async () => {
    const { cookie } = await signIn(appUrl, alice)
    const apiKey = (await createApiKey(appUrl, cookie, alice, { name: 'Example shop', scopes: ['requests:write'] }))
      .data!.createApiKey.secret
    const port = await freePort()
    shopUrl = `http://127.0.0.1:${port}`
    const endpoint = await graphql<{ createWebhookEndpoint: { secret: string } }>(
      appUrl,
      'mutation($url: String!) { createWebhookEndpoint(url: $url, events: ["payment_request.paid"]) { secret } }',
      { variables: { url: `${shopUrl}/webhooks` }, cookie },
    )
    webhookSecret = endpoint.data!.createWebhookEndpoint.secret
    shop = spawn(process.execPath, ['examples/shop/server.mjs'], {
      env: {
        ...process.env,
        BILLFOLD_URL: appUrl,
        BILLFOLD_API_KEY: apiKey,
        BILLFOLD_WEBHOOK_SECRET: webhookSecret,
        PORT: String(port),
        ASSET: DEV_USDC_ADDRESS,
        PRICE: '25',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    await new Promise<void>((resolve) =>
      shop.stdout!.on('data', (chunk: Buffer) => String(chunk).includes('listening') && resolve()),
    )
  })
  afterAll(async () => {
    await closeBrowsers()
    shop?.kill()
  })

  it('the buyer buys, sees who issued the request, pays with the dev wallet, and is sent back to an order the webhook marked paid', async () => {
    const browser = await launchWithDevWallet()
    openBrowsers.push(browser)
    const { page } = browser
    await page.goto(shopUrl)
    await page.getByRole('button', { name: 'Buy with crypto' }).click()
    await page.waitForURL(/\/pay\/[A-Za-z0-9]{16}$/)
    // The buyer's wallet holds account 6 (the dev wallet's settings are per site).
    await setDevWalletOptions(page, { account: 6, chains: { '31337': inject('anvilUrl') } })
    await page.reload()

    // Made by the shop's server, on the payee's behalf: the payer sees which key and that the wallet authorised it.
    const verified = page.getByTestId('signature-verified')
    await verified.waitFor()
    expect(await verified.textContent()).toBe('✓ Issued by Example shop for the payee')
    await page.getByText('Details').click()
    expect(await page.getByTestId('issuer-key').textContent()).toBe('Example shop')
    expect(await page.getByTestId('request-payee').textContent()).toBe(alice.address)
    await page.getByText(/^Example shop, a key the payee’s wallet authorised on .+/).waitFor()
    expect(await page.getByTestId('request-amount').textContent()).toBe('25.00 USDC')
    await checkScreen(page, 'pay-merchant')

    await page.getByRole('button', { name: 'Connect wallet' }).first().click()
    await page
      .getByRole('dialog')
      .getByRole('option', { name: /Billfold Dev Wallet/ })
      .click()
    await page.getByRole('button', { name: 'Pay 25.00 USDC' }).click()
    const back = page.getByTestId('back-to-merchant')
    await back.waitFor({ timeout: 20_000 })
    expect(await back.textContent()).toBe(`Back to ${new URL(shopUrl).host}`)
    await back.click()
    await page.waitForURL(new RegExp(`^${shopUrl}/orders/`))
    await expect
      .poll(() => page.locator('[data-order-status]').getAttribute('data-order-status'), { timeout: 15_000 })
      .toBe('paid')
  })

  it('the shop refuses a webhook with a bad signature or an old timestamp', async () => {
    const body = JSON.stringify({
      type: 'payment_request.paid',
      timestamp: new Date().toISOString(),
      data: { request: { metadata: { orderId: 'x' } } },
    })
    const post = (headers: Record<string, string>) =>
      fetch(`${shopUrl}/webhooks`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      })
    const signer = new Webhook(webhookSecret)
    const now = new Date()
    const signed = (at: Date) => ({
      'webhook-id': 'msg_test',
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': signer.sign('msg_test', at, body),
    })
    expect((await post(signed(now))).status).toBe(200)
    expect(
      (
        await post({
          ...signed(now),
          'webhook-signature': new Webhook(`whsec_${Buffer.from('not the secret').toString('base64')}`).sign(
            'msg_test',
            now,
            body,
          ),
        })
      ).status,
    ).toBe(400)
    const hourAgo = new Date(now.getTime() - 3600_000)
    expect((await post(signed(hourAgo))).status).toBe(400)
  })
})

describe('a payee sets up API keys and webhooks in the app', () => {
  afterAll(closeBrowsers)

  it('makes a key, sees its secret once, and authorises it with one wallet signature; revokes it; adds an endpoint, sends a test event and sees the delivery', async () => {
    const receiver = await startWebhookReceiver()
    try {
      const page = await personAt('/developers', 0, { signIn: true })
      await page.getByRole('heading', { name: 'Payment links, API keys and webhooks' }).waitFor()
      await page.getByLabel('Name', { exact: true }).fill('Point of sale')
      await page.getByRole('button', { name: 'Create key and sign' }).click()
      const secret = await page.getByTestId('secret-once').textContent()
      expect(secret).toMatch(/^bfk_/)
      // The wallet signed the delegation: the key makes requests.
      const row = page.getByTestId('api-key-row').filter({ hasText: 'Point of sale' })
      await row.waitFor()
      await expect.poll(() => row.getByText(/Not authorised/).count()).toBe(0)
      const order = {
        chainId: 31337,
        asset: DEV_USDC_ADDRESS,
        amount: '4',
        dueAt: new Date(Date.now() + 86_400_000).toISOString(),
      }
      const made = await fetch(`${appUrl}/api/v1/payment-requests`, {
        method: 'POST',
        headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
        body: JSON.stringify(order),
      })
      expect(made.status).toBe(201)
      await page.getByRole('button', { name: 'I have stored it' }).click()
      expect(await page.getByTestId('secret-once').count()).toBe(0)
      await row.getByRole('button', { name: 'Revoke' }).click()
      await row.getByText(/^Revoked /).waitFor()
      expect(
        (await fetch(`${appUrl}/api/v1/payment-requests?limit=1`, { headers: { authorization: `Bearer ${secret}` } }))
          .status,
      ).toBe(401)

      // Events are named in words, their identifiers beside them.
      expect(await page.getByRole('checkbox', { name: 'A request is paid payment_request.paid' }).isChecked()).toBe(
        true,
      )
      await page.getByLabel('URL').fill('http://shop.example/hooks')
      await page.getByRole('button', { name: 'Add endpoint' }).click()
      await page
        .getByText(
          'Enter the https:// address of a server Billfold can reach, where events are sent, such as https://shop.example/hooks.',
        )
        .first()
        .waitFor()
      await page.getByLabel('URL').fill(`${receiver.url}/hooks`)
      await page.getByRole('button', { name: 'Add endpoint' }).click()
      const hookSecret = await page.getByTestId('secret-once').textContent()
      expect(hookSecret).toMatch(/^whsec_/)
      await checkScreen(page, 'developers')
      const endpoint = page.getByTestId('webhook-endpoint').filter({ hasText: receiver.url })
      await endpoint.getByRole('button', { name: 'Send test event' }).click()
      await expect.poll(() => receiver.events('webhook.test').length, { timeout: 10_000 }).toBe(1)
      expect(() =>
        new Webhook(hookSecret!).verify(
          receiver.received[0]!.body,
          receiver.received[0]!.headers as Record<string, string>,
        ),
      ).not.toThrow()
      await endpoint
        .getByTestId('webhook-delivery')
        .filter({ hasText: 'webhook.test' })
        .filter({ hasText: 'delivered' })
        .waitFor({ timeout: 10_000 })
      // The answer reads as one: its status, its time, then what it said, never run together ("200 in 34 msok").
      expect(await endpoint.getByTestId('webhook-last-attempt').first().textContent()).toMatch(
        /^HTTP 2\d\d in \d+ ms( · Answer: .+)?$/,
      )
    } finally {
      await receiver.close()
    }
  })

  it('keeps a key whose delegation the wallet declined, refuses its requests, and authorises it later with *Authorise*', async () => {
    const page = await personAt('/developers', 0, { signIn: true })
    await setDevWalletOptions(page, { reject: ['eth_signTypedData_v4'] })
    await page.getByLabel('Name', { exact: true }).fill('Till two')
    await page.getByRole('button', { name: 'Create key and sign' }).click()
    const secret = await page.getByTestId('secret-once').textContent()
    expect(secret).toMatch(/^bfk_/)
    await page
      .getByRole('alert')
      .filter({ hasText: /reject|declin|refus/i })
      .first()
      .waitFor()
    const row = page.getByTestId('api-key-row').filter({ hasText: 'Till two' })
    await row.getByText('Not authorised by your wallet yet: makes no requests.').waitFor()
    await checkScreen(page, 'developers-unauthorised-key')
    const post = () =>
      fetch(`${appUrl}/api/v1/payment-requests`, {
        method: 'POST',
        headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          chainId: 31337,
          asset: DEV_USDC_ADDRESS,
          amount: '4',
          dueAt: new Date(Date.now() + 86_400_000).toISOString(),
        }),
      })
    const refused = await post()
    expect(refused.status).toBe(403)
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('DELEGATION_MISSING')

    await setDevWalletOptions(page, { reject: [] })
    await row.getByRole('button', { name: 'Authorise' }).click()
    await expect.poll(() => row.getByText(/Not authorised/).count()).toBe(0)
    expect(await row.getByRole('button', { name: 'Authorise' }).count()).toBe(0)
    expect((await post()).status).toBe(201)
  })

  it('makes a payment link where the payer chooses the amount; a payer opens it, chooses, pays, and the link shows what it collected', async () => {
    const payee = await personAt('/developers', 0, { signIn: true })
    await payee.getByLabel('Title', { exact: true }).fill('Tip jar')
    await payee.getByLabel('Asset').selectOption({ label: 'USDC on Billfold dev chain (test network)' })
    await payee.getByLabel('The payer chooses, between a minimum and a maximum').check()
    await payee.getByLabel('Minimum', { exact: true }).fill('1')
    await payee.getByLabel('Maximum', { exact: true }).fill('100')
    await payee.getByRole('button', { name: 'Create link and sign' }).click()
    const row = payee.getByTestId('payment-link-row').filter({ hasText: 'Tip jar' })
    const url = await row.getByRole('link').textContent()
    expect(url).toMatch(/\/l\/[A-Za-z0-9]{16}$/)

    // Its QR code on the developers page reads as the link itself.
    await row.getByText('QR code').click()
    expect(decodeQr(await row.getByRole('img', { name: 'QR code of the link Tip jar' }).screenshot())).toBe(url)

    const payer = await personAt(new URL(url!).pathname, 7, { signIn: false })
    await payer.getByRole('heading', { name: 'Tip jar' }).waitFor()
    const amount = payer.getByLabel('Amount in USDC, from 1.00 to 100.00')
    await amount.fill('250')
    await payer.getByRole('button', { name: 'Pay', exact: true }).click()
    await payer.getByText('Enter an amount within the range this link allows, shown above the field.').waitFor()
    expect(await amount.inputValue()).toBe('250')
    // Pay makes the request and sends it from the wallet at once; its page follows the payment.
    await amount.fill('12.5')
    await payer.getByRole('button', { name: 'Pay', exact: true }).click()
    await payer.waitForURL(/\/pay\/[A-Za-z0-9]{16}$/)
    expect(await payer.getByTestId('issuer-key').textContent()).toBe('Tip jar')
    await payer.getByTestId('paid-outcome').waitFor({ timeout: 15_000 })

    await payee.reload()
    await expect
      .poll(
        () =>
          payee
            .getByTestId('payment-link-row')
            .filter({ hasText: 'Tip jar' })
            .getByText(/12\.50 USDC \(1 paid\)/)
            .count(),
        { timeout: 10_000 },
      )
      .toBe(1)
  })

  it('a fixed-amount link makes no request when visited, only when its payer pays, and the request carries its title', async () => {
    const { cookie } = await signIn(appUrl, alice)
    const title = `Espresso ${Date.now()}`
    const link = await createPaymentLink(appUrl, cookie, alice, {
      title,
      chainId: 31337,
      asset: DEV_USDC_ADDRESS,
      amount: '3.5',
    })
    const requestsOfLink = async () =>
      (
        await graphql<{
          myPaymentRequests: { items: { memo: string; status: string; issuer: { linkTitle: string | null } | null }[] }
        }>(appUrl, '{ myPaymentRequests(first: 100) { items { memo status issuer { linkTitle } } } }', { cookie })
      )
        .data!.myPaymentRequests.items.filter((r) => r.issuer?.linkTitle === title)
        .map(({ memo, status }) => ({ memo, status }))

    const payer = await personAt(`/l/${link.id}`, 8, { signIn: false })
    await payer.getByRole('heading', { name: title }).waitFor()
    await payer.reload()
    await payer.getByRole('heading', { name: title }).waitFor()
    await payer.getByRole('button', { name: 'Pay 3.50 USDC' }).waitFor()
    expect(await requestsOfLink()).toEqual([])

    await payer.getByRole('button', { name: 'Pay 3.50 USDC' }).click()
    await payer.waitForURL(/\/pay\/[A-Za-z0-9]{16}$/)
    await payer.getByTestId('paid-outcome').waitFor({ timeout: 15_000 })
    expect(await requestsOfLink()).toEqual([{ memo: title, status: 'paid' }])
  })
})
