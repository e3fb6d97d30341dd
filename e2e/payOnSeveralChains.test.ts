import { startTestChains } from '../testing/testChain.ts'
import { createPublicClient, createWalletClient, erc20Abi, http, parseGwei, parseUnits } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { alice, graphql, signIn } from '../src/api/testing/graphqlClient.ts'
import { signedRequestInput } from '../src/api/testing/paymentRequestInput.ts'
import { DEV_USDC_ADDRESS } from '../src/chain/tokens.ts'
import type { AnvilNode } from '../src/chain/devnet/startAnvil.ts'
import { newPaymentReference } from '../src/domain/paymentReference.ts'
import { paymentTransaction } from '../src/domain/paymentTransaction.ts'
import { requestTermsTypedData } from '../src/domain/requestChains.ts'
import { startTestApp, type TestApp } from '../testing/startTestApp.ts'
import { setBaseFee } from '../testing/threeChains.ts'
import { turnOnRelayer } from '../src/relayer/testing/gasless.ts'
import { startSmtpServer } from '../testing/smtpServer.ts'
import { launchWithDevWallet, withDevWallet, type WalletBrowser } from './support/chromium.ts'
import { payScannedUri, readTransferUri } from './support/eip681.ts'
import { connectDevWallet, statusOf } from './support/people.ts'
import { decodeQr } from './support/qr.ts'
import { checkScreen, expectAccessible } from './support/screens.ts'

const BASE_SEPOLIA_ID = 84532
const PAYER_INDEX = 7
/** A payer who keeps the million USDC the dev chains give on each. */
const BOTH_CHAINS_PAYER = 8
const payer = mnemonicToAccount('test test test test test test test test test test test junk', {
  addressIndex: PAYER_INDEX,
})
const bothChains = mnemonicToAccount('test test test test test test test test test test test junk', {
  addressIndex: BOTH_CHAINS_PAYER,
})

let nodes: AnvilNode[] = []
let app: TestApp
let smtp: Awaited<ReturnType<typeof startSmtpServer>>
let browser: WalletBrowser | undefined
beforeAll(async () => {
  nodes = await startTestChains([foundry.id, BASE_SEPOLIA_ID])
  smtp = await startSmtpServer()
  app = await startTestApp({
    anvilUrl: nodes[0]!.rpcUrl,
    chainRpcUrls: { [BASE_SEPOLIA_ID]: nodes[1]!.rpcUrl },
    smtpUrl: smtp.url,
    emailFrom: 'billfold@example.com',
    emailDelivery: { retryDelaysMs: [200, 200, 200], pollMs: 100 },
  })
}, 120_000)
afterEach(async () => {
  await browser?.close()
  browser = undefined
})
afterAll(async () => {
  await app?.close()
  await smtp?.close()
  await Promise.all(nodes.map((n) => n.stop()))
})

const CREATE = 'mutation Create($input: CreatePaymentRequestInput!) { createPaymentRequest(input: $input) { id } }'

const ACCEPTED = 'query($id: String!) { paymentRequest(id: $id) { acceptedChains { chainId asset } } }'

describe("the payee's create form", () => {
  it('offers every other chain with the token, ticked: as it stands the request accepts both and the pay page verifies the set; unticked, its own chain alone', async () => {
    browser = await launchWithDevWallet()
    const { page } = browser
    const chains = { '31337': nodes[0]!.rpcUrl, [String(BASE_SEPOLIA_ID)]: nodes[1]!.rpcUrl }
    await page.goto(withDevWallet(new URL('/new', app.url).href, { account: 0, chains }))
    await connectDevWallet(page)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByTestId('signed-in').waitFor()
    const second = page.getByRole('checkbox', { name: 'Billfold dev chain (Base Sepolia id) (test network)' })
    await page.getByRole('group', { name: /^Also payable in USDC on/ }).waitFor()
    expect(await second.isChecked()).toBe(true)
    // An open request of 4.44 USDC on the second chain alone: a new one of that amount accepting that
    // chain could not be told from it there by a transfer without a reference.
    const made = await graphql(app.url, CREATE, {
      cookie: (await signIn(app.url, alice)).cookie,
      variables: { input: await signedRequestInput(alice, { chainId: BASE_SEPOLIA_ID, amount: '4.44' }) },
    })
    expect(made.errors).toBeUndefined()
    await page.getByLabel('Amount').fill('4.44')
    const sameAmount = page.getByTestId('same-amount-warning')
    await sameAmount.waitFor()
    await second.uncheck()
    await expect.poll(() => sameAmount.count()).toBe(0)
    await second.check()
    await sameAmount.waitFor()
    await page.getByLabel('Amount').fill('4')
    await checkScreen(page, 'create-on-several-chains')
    const create = async (memo: string) => {
      await page.getByLabel('Amount').fill('4')
      await page.getByLabel(/^Memo/).fill(memo)
      await page.getByRole('button', { name: 'Sign and create request' }).click()
      await page.waitForURL(/\/requests\/[A-Za-z0-9]{16}$/)
      const id = page.url().split('/').pop()!
      const read = await graphql<{ paymentRequest: { acceptedChains: { chainId: number }[] } }>(app.url, ACCEPTED, {
        variables: { id },
      })
      return { id, chainIds: read.data!.paymentRequest.acceptedChains.map((c) => c.chainId) }
    }
    const both = await create('On both chains')
    expect(both.chainIds).toEqual([foundry.id, BASE_SEPOLIA_ID])
    // The payee's signature covers the set: the payer's page checks it and offers both chains.
    await page.goto(new URL(`/pay/${both.id}`, app.url).href)
    await page.getByTestId('signature-verified').waitFor()
    await expect
      .poll(() => page.getByTestId('pay-chain').evaluateAll((els) => els.map((e) => Number(e.dataset.chainId))))
      .toEqual(expect.arrayContaining([foundry.id, BASE_SEPOLIA_ID]))

    await page.goto(new URL('/new', app.url).href)
    await second.uncheck()
    const alone = await create('Only on its own chain')
    expect(alone.chainIds).toEqual([foundry.id])
  })
})

describe('one request on several chains, on the pay page', () => {
  it('a payer whose USDC is only on the second chain is offered it first; one click switches the wallet, Pay pays there and the request turns paid', async () => {
    // The payer's USDC on the request's own chain goes elsewhere: what they hold is on the Base Sepolia id.
    const onDevChain = createWalletClient({ account: payer, chain: foundry, transport: http(nodes[0]!.rpcUrl) })
    await onDevChain.writeContract({
      address: DEV_USDC_ADDRESS,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [alice.address, await usdcOf(payer.address, nodes[0]!)],
    })

    const id = await twoChainRequest('4.25', 'Two chains')

    const held = await usdcOf(payer.address, nodes[1]!)
    browser = await launchWithDevWallet()
    const page = browser.page
    await page.goto(
      withDevWallet(new URL(`/pay/${id}`, app.url).href, {
        account: PAYER_INDEX,
        chains: { '31337': nodes[0]!.rpcUrl, [String(BASE_SEPOLIA_ID)]: nodes[1]!.rpcUrl },
      }),
    )
    await connectDevWallet(page)

    const offered = page.getByTestId('pay-chain')
    await offered.first().waitFor({ timeout: 15_000 })
    expect(await offered.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-chain-id')))).toEqual([
      String(BASE_SEPOLIA_ID),
      String(foundry.id),
    ])
    expect(await offered.first().textContent()).toMatch(/, enough · network fee about \$\d/)
    expect(await offered.nth(1).textContent()).toMatch(/, not enough · network fee about \$\d/)
    expect(await offered.first().getByRole('radio').isChecked()).toBe(true)

    // The wallet is on the dev chain: one click moves it to the chain suggested.
    await page.getByRole('button', { name: /^Switch to / }).click()
    const pay = page.getByTestId('pay-button')
    await expect.poll(() => pay.textContent(), { timeout: 15_000 }).toBe('Pay 4.25 USDC')
    await pay.click()
    await expect.poll(() => statusOf(page), { timeout: 30_000 }).toBe('paid')
    expect(await usdcOf(payer.address, nodes[1]!)).toBe(held - parseUnits('4.25', 6))
  })

  it('a payer who holds enough on both chains is offered the one of the cheaper network fee first, each fee shown in dollars', async () => {
    // The request's own chain gets dear: fifty times the other's base fee.
    await setBaseFee(nodes[1]!.rpcUrl, parseGwei('1'))
    await setBaseFee(nodes[0]!.rpcUrl, parseGwei('50'))
    const id = await twoChainRequest('3.10', 'Cheaper chain')
    browser = await launchWithDevWallet()
    const page = browser.page
    await page.goto(
      withDevWallet(new URL(`/pay/${id}`, app.url).href, {
        account: BOTH_CHAINS_PAYER,
        chains: { '31337': nodes[0]!.rpcUrl, [String(BASE_SEPOLIA_ID)]: nodes[1]!.rpcUrl },
      }),
    )
    await connectDevWallet(page)

    const offered = page.getByTestId('pay-chain')
    await offered.first().waitFor({ timeout: 15_000 })
    expect(await offered.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-chain-id')))).toEqual([
      String(BASE_SEPOLIA_ID),
      String(foundry.id),
    ])
    const fees = (await offered.allTextContents()).map((text) => {
      expect(text).toMatch(/, enough · network fee about \$[\d.,]+$/)
      return Number(text.replace(/.*\$/, '').replaceAll(',', ''))
    })
    expect(fees[0]!).toBeLessThan(fees[1]!)
    expect(await offered.first().getByRole('radio').isChecked()).toBe(true)
    await checkScreen(page, 'pay-on-several-chains')
  })
})

describe('paying from another wallet on the chain the payer picks', () => {
  it('a payer without a browser wallet picks the second chain in the panel, scans its QR code for what is still due there, sends a plain transfer, and the request turns paid with that chain shown; the receipt, on the page and by e-mail, names each part with its chain; the payee refunds on the chain picked', async () => {
    const id = await twoChainRequest('6.00', 'From a phone wallet on the second chain')
    const { reference } = (
      await graphql<{ paymentRequest: { reference: string } }>(
        app.url,
        'query($id: String!) { paymentRequest(id: $id) { reference } }',
        { variables: { id } },
      )
    ).data!.paymentRequest
    // 2.50 paid on the request's own chain first, with its reference: 3.50 is still due, on either chain.
    const onDevChain = createWalletClient({ account: bothChains, chain: foundry, transport: http(nodes[0]!.rpcUrl) })
    const part = await onDevChain.sendTransaction(
      paymentTransaction({ asset: DEV_USDC_ADDRESS, payee: alice.address, reference }, parseUnits('2.5', 6)),
    )
    await createPublicClient({ transport: http(nodes[0]!.rpcUrl) }).waitForTransactionReceipt({ hash: part })

    browser = await launchWithDevWallet()
    const page = browser.page
    const chains = { '31337': nodes[0]!.rpcUrl, [String(BASE_SEPOLIA_ID)]: nodes[1]!.rpcUrl }
    await page.goto(withDevWallet(new URL(`/pay/${id}`, app.url).href, { account: BOTH_CHAINS_PAYER, chains }))
    await page.getByTestId('partially-paid').waitFor({ timeout: 30_000 })
    await page.getByLabel('E-mail me the receipt (optional)').fill('two-chains@example.org')
    await page.getByRole('button', { name: 'Send it' }).click()
    await page.getByTestId('receipt-email-saved').waitFor()
    // No wallet connected: the panel is the way to pay, on whichever chain the request accepts.
    await page.getByText('Pay from another wallet or an exchange').click()
    const network = page.getByTestId('direct-network')
    expect(await network.textContent()).toMatch(/\(chain id 31337\)$/)
    await page.getByTestId('direct-chain').selectOption(String(BASE_SEPOLIA_ID))
    await expect.poll(() => network.textContent()).toMatch(/\(chain id 84532\)$/)

    const qr = page.getByRole('img', { name: /^QR code to pay from a mobile wallet/ })
    await expect.poll(() => qr.getAttribute('data-qr-value')).toMatch(/@84532\//)
    const uri = (await qr.getAttribute('data-qr-value'))!
    expect(decodeQr(await qr.screenshot())).toBe(uri)
    expect(readTransferUri(uri)).toEqual({
      token: DEV_USDC_ADDRESS,
      chainId: BASE_SEPOLIA_ID,
      to: alice.address,
      amount: parseUnits('3.5', 6),
    })
    expect(await page.getByTestId('direct-amount').textContent()).toBe('3.50 USDC')

    // A phone wallet outside the browser: a plain transfer on the second chain, no reference, matched by its amount.
    const held = await usdcOf(bothChains.address, nodes[1]!)
    await payScannedUri(nodes[1]!.rpcUrl, BOTH_CHAINS_PAYER, uri)
    await expect.poll(() => statusOf(page), { timeout: 30_000 }).toBe('paid')
    expect(await usdcOf(bothChains.address, nodes[1]!)).toBe(held - parseUnits('3.5', 6))
    await expectReceiptOfTwoParts(page, id, part)

    // The payee sees each part on its chain.
    await page.goto(withDevWallet(new URL(`/requests/${id}`, app.url).href, { account: 0, chains }))
    await connectDevWallet(page)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByTestId('signed-in').waitFor()
    const received = page.getByTestId('received-on-chains').getByRole('listitem')
    await expect
      .poll(() => received.allTextContents(), { timeout: 30_000 })
      .toEqual([
        '2.50 USDC on Billfold dev chain 1 payment',
        '3.50 USDC on Billfold dev chain (Base Sepolia id) 1 payment',
      ])

    // The payer paid on both chains: the payee picks where the refund goes back, and the wallet sends it there.
    await page.getByRole('button', { name: 'Refund…' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('radio', { name: 'Another amount' }).check()
    await dialog.getByLabel('Amount (USDC)').fill('1')
    const refundOn = dialog.getByLabel('Refund on')
    expect(await refundOn.locator('option').allTextContents()).toEqual([
      'Billfold dev chain',
      'Billfold dev chain (Base Sepolia id)',
    ])
    await refundOn.selectOption(String(BASE_SEPOLIA_ID))
    await checkScreen(page, 'refund-on-a-chain')
    await dialog.getByRole('button', { name: 'Switch to Billfold dev chain (Base Sepolia id)' }).click()
    const before = await usdcOf(bothChains.address, nodes[1]!)
    await dialog.getByRole('button', { name: 'Refund 1.00 USDC' }).click()
    await dialog.getByTestId('refund-sent').waitFor({ timeout: 15_000 })
    await dialog.getByRole('button', { name: 'Close' }).click()
    await page.getByTestId('refund-state').filter({ hasText: 'Refunded' }).waitFor({ timeout: 30_000 })
    expect(await usdcOf(bothChains.address, nodes[1]!)).toBe(before + parseUnits('1', 6))
  })
})

describe('paying without gas on the chain the payer chose', () => {
  it('says why not, in words, while the payee’s relayer there is off, and offers the plain Pay; once it is on, the payer pays there by signing alone', async () => {
    const cookie = (await signIn(app.url, alice)).cookie
    // The payee pays the fee for payers on its own chain only, for now.
    await turnOnRelayer(app.url, nodes[0]!.rpcUrl, cookie, { funder: 9 })
    const id = await twoChainRequest('2.75', 'Without gas on the second chain')
    const offeredOn = async (chainId: number) =>
      (
        await graphql<{ paymentRequest: { gasless: { available: boolean } } }>(
          app.url,
          `query($id: String!) { paymentRequest(id: $id) { gasless(chainId: ${chainId}) { available } } }`,
          { variables: { id } },
        )
      ).data!.paymentRequest.gasless.available
    // The relayer's balance is read again after two seconds: the page is opened once the server sees it.
    await expect.poll(() => offeredOn(foundry.id), { timeout: 15_000 }).toBe(true)
    const base = createPublicClient({ transport: http(nodes[1]!.rpcUrl) })

    browser = await launchWithDevWallet()
    const page = browser.page
    const openOnBase = async () => {
      await page.goto(
        withDevWallet(new URL(`/pay/${id}`, app.url).href, {
          account: BOTH_CHAINS_PAYER,
          chains: { '31337': nodes[0]!.rpcUrl, [String(BASE_SEPOLIA_ID)]: nodes[1]!.rpcUrl },
        }),
      )
      // Opened again, the page keeps the wallet it was connected to.
      const connect = page.getByRole('button', { name: 'Connect wallet' }).first()
      await connect.or(page.getByTestId('account-address')).first().waitFor({ timeout: 15_000 })
      if (await connect.isVisible()) await connectDevWallet(page)
      const onBase = page.locator(`[data-testid="pay-chain"][data-chain-id="${BASE_SEPOLIA_ID}"]`).getByRole('radio')
      await onBase.waitFor({ timeout: 15_000 })
      // Chosen by the payer, or already suggested: either way the wallet is moved there.
      if (!(await onBase.isChecked())) await onBase.check()
      const switchButton = page.getByRole('button', { name: /^Switch to / })
      const payButton = page.getByTestId('pay-button')
      await switchButton.or(payButton).first().waitFor({ timeout: 15_000 })
      if (await switchButton.isVisible()) await switchButton.click()
      await expect.poll(() => payButton.textContent(), { timeout: 15_000 }).toBe('Pay 2.75 USDC')
    }

    await openOnBase()
    await expect
      .poll(() => page.getByTestId('gasless-unavailable').textContent(), { timeout: 15_000 })
      .toBe('Paying without gas is not offered now: the payee has not turned it on for this network.')
    expect(await page.getByTestId('pay-gasless').count()).toBe(0)

    await turnOnRelayer(app.url, nodes[1]!.rpcUrl, cookie, { chainId: BASE_SEPOLIA_ID, funder: 9 })
    await expect.poll(() => offeredOn(BASE_SEPOLIA_ID), { timeout: 15_000 }).toBe(true)
    await openOnBase()
    const gasless = page.getByRole('button', { name: 'Pay 2.75 USDC without gas' })
    await gasless.waitFor({ timeout: 15_000 })
    expect(await page.getByTestId('gasless-unavailable').count()).toBe(0)
    const ethBefore = await base.getBalance({ address: bothChains.address })
    const usdcBefore = await usdcOf(bothChains.address, nodes[1]!)
    await gasless.click()
    await page.getByTestId('payment-sent').or(page.getByTestId('paid-outcome')).waitFor({ timeout: 30_000 })
    await expect.poll(() => statusOf(page), { timeout: 30_000 }).toBe('paid')
    // Paid on the chain chosen, and the payer spent no coin there for the fee.
    expect(await usdcOf(bothChains.address, nodes[1]!)).toBe(usdcBefore - parseUnits('2.75', 6))
    expect(await base.getBalance({ address: bothChains.address })).toBe(ethBefore)
  })
})

/**
 * What the payer sees of a request of 6.00 paid 2.50 on the dev chain (in `ownPart`) and 3.50 on the
 * Base Sepolia id: the paid message, the receipt page and the receipt e-mail each name both parts on
 * their chains, and the total.
 */
async function expectReceiptOfTwoParts(page: WalletBrowser['page'], id: string, ownPart: string) {
  const hash = /0x[0-9a-f]{64}$/
  const paid = await page.getByTestId('paid-payment').allTextContents()
  expect(paid).toEqual([`2.50 USDC on Billfold dev chain: ${ownPart}`, expect.stringMatching(hash)])
  expect(paid[1]).toMatch(/^3\.50 USDC on Billfold dev chain \(Base Sepolia id\): 0x/)
  expect(await page.getByTestId('payments-total').textContent()).toBe('In all: 6.00 USDC')

  await page.goto(new URL(`/receipts/${id}`, app.url).href)
  const lines = page.getByTestId('receipt-payment')
  await lines.first().waitFor()
  const parts = await lines.allTextContents()
  expect(parts).toHaveLength(2)
  expect(parts[0]).toMatch(new RegExp(`^2\\.50 USDC on Billfold dev chain, on .+, block \\d+: ${ownPart}$`))
  expect(parts[1]).toMatch(/^3\.50 USDC on Billfold dev chain \(Base Sepolia id\), on .+, block \d+: 0x[0-9a-f]{64}$/)
  expect(await page.getByTestId('payments-total').textContent()).toBe('In all: 6.00 USDC')
  expect(await page.getByTestId('receipt-chains').textContent()).toMatch(
    /^Billfold dev chain, Billfold dev chain \(Base Sepolia id\)/,
  )
  await expectAccessible(page, 'receipt of a request paid on two chains')

  await expect.poll(() => smtp.to('two-chains@example.org').length, { timeout: 30_000 }).toBe(1)
  const mail = smtp.to('two-chains@example.org')[0]!
  expect(mail.subject).toBe('Receipt: 6.00 USDC paid for “From a phone wallet on the second chain”')
  const text = mail.text!.split('\n')
  expect(text[1]).toBe(`2.50 USDC on Billfold dev chain (transaction ${ownPart})`)
  expect(text[2]).toMatch(/^3\.50 USDC on Billfold dev chain \(Base Sepolia id\) \(transaction 0x[0-9a-f]{64}\)$/)
  expect(text[3]).toBe('In all: 6.00 USDC. Your receipt:')
}

/** A request of alice's for `amount` USDC accepting the dev chain (its own) and the Base Sepolia id; its id. */
async function twoChainRequest(amount: string, memo: string): Promise<string> {
  const cookie = (await signIn(app.url, alice)).cookie
  const acceptedChains = [foundry.id, BASE_SEPOLIA_ID].map((chainId) => ({ chainId, asset: DEV_USDC_ADDRESS }))
  const input = {
    chainId: foundry.id,
    asset: DEV_USDC_ADDRESS,
    amount,
    payer: null,
    memo,
    dueAt: new Date(Math.floor(Date.now() / 1000 + 86_400) * 1000).toISOString(),
    reference: newPaymentReference(),
    acceptedChains,
  }
  const signature = await alice.signTypedData(
    requestTermsTypedData({
      ...input,
      amount: parseUnits(input.amount, 6),
      payee: alice.address,
      dueAt: new Date(input.dueAt),
    }) as Parameters<typeof alice.signTypedData>[0],
  )
  const created = await graphql<{ createPaymentRequest: { id: string } }>(app.url, CREATE, {
    variables: { input: { ...input, signature } },
    cookie,
  })

  return created.data!.createPaymentRequest.id
}

const usdcOf = (owner: `0x${string}`, node: AnvilNode) =>
  createPublicClient({ transport: http(node.rpcUrl) }).readContract({
    address: DEV_USDC_ADDRESS,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [owner],
  })
