import type { Page } from 'playwright-core'
import { parseEther, type Address } from 'viem'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { devAccounts } from '../src/chain/devnet/setUpDevChain.ts'
import type { AnvilNode } from '../src/chain/devnet/startAnvil.ts'
import { relayersOf, updateRelayerSettings } from '../src/relayer/relayerStore.ts'
import { createSecretBox } from '../src/secrets/secretBox.ts'
import { chainClients } from '../src/watcher/testing/payments.ts'
import { freePort } from '../testing/freePort.ts'
import { shiftedClock } from '../testing/shiftedClock.ts'
import { startTestApp, TEST_SECRET_KEY, type TestApp } from '../testing/startTestApp.ts'
import { startTestChain } from '../testing/testChain.ts'
import { launchWithDevWallet, withDevWallet, type WalletBrowser } from './support/chromium.ts'
import { connectDevWallet } from './support/people.ts'
import { checkScreen } from './support/screens.ts'

// A chain and a server of this file's own: the test moves both clocks a month on.
let anvil: AnvilNode
let app: TestApp
const time = shiftedClock()
const browsers: WalletBrowser[] = []
const PAYEE = 0
const PAYER = 5
const MONTH_AND_AN_HOUR = (30 * 24 + 1) * 3600

beforeAll(async () => {
  anvil = await startTestChain(await freePort())
  app = await startTestApp({ anvilUrl: anvil.rpcUrl, clock: time.clock, rateLimitPerMinute: 0 })
  // The payee's relayer sends the charges: on and funded, as its settings page leaves it.
  const payee = devAccounts[PAYEE]!
  const [relayer] = await relayersOf(app.database.db, createSecretBox(TEST_SECRET_KEY, 'relayer keys'), payee, [31337])
  await updateRelayerSettings(app.database.db, payee, 31337, { enabled: true })
  const { walletOf, publicClient } = chainClients(anvil.rpcUrl)
  const hash = await walletOf(8).sendTransaction({ to: relayer!.address as Address, value: parseEther('1') })
  await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 })
}, 90_000)
afterAll(async () => {
  await Promise.all(browsers.map((b) => b.close()))
  await app?.close()
  await anvil?.stop()
})

async function personAt(path: string, account: number, signIn: boolean): Promise<Page> {
  const browser = await launchWithDevWallet()
  browsers.push(browser)
  await browser.page.goto(withDevWallet(new URL(path, app.url).href, { account, chains: { '31337': anvil.rpcUrl } }))
  await connectDevWallet(browser.page)
  if (signIn) {
    await browser.page.getByRole('button', { name: 'Sign in' }).click()
    await browser.page.getByTestId('signed-in').waitFor()
  }
  return browser.page
}

/** Both clocks a month and an hour on: the chain's (the permission's periods) and the server's (the charger's). */
async function aMonthLater() {
  const { testClient } = chainClients(anvil.rpcUrl)
  await testClient.increaseTime({ seconds: MONTH_AND_AN_HOUR })
  await testClient.mine({ blocks: 1 })
  time.shift(MONTH_AND_AN_HOUR * 1000)
}

const chargeState = (page: Page, period: number) =>
  page
    .getByTestId('subscription-charge')
    .nth(period - 1)
    .getByTestId('charge-state')

it('a payer starts a monthly plan from its link with the dev wallet; each month is charged without them, and they cancel on their page', async () => {
  const payee = await personAt('/plans', PAYEE, true)
  await payee.getByLabel('Name').fill('Pro, monthly')
  await payee.getByLabel('Amount each period').fill('25')
  expect(await payee.getByLabel('Every').inputValue()).toBe('month')
  await payee.getByRole('button', { name: 'Create and sign' }).click()
  const card = payee.getByTestId('plan').filter({ hasText: 'Pro, monthly' })
  await card.waitFor({ timeout: 15_000 })
  await checkScreen(payee, 'plans')
  const link = (await card.getByTestId('plan-link').textContent())!
  expect(link).toMatch(/\/plans\/[A-Za-z0-9]{16}$/)

  const payer = await personAt(new URL(link).pathname, PAYER, false)
  expect(await payer.getByTestId('plan-amount').textContent()).toBe('25.00 USDC every month (30 days)')
  await payer.getByTestId('plan-permission').waitFor()
  expect(await payer.getByTestId('plan-permission').textContent()).toMatch(/at most 25\.00 USDC each month/)
  const subscribe = payer.getByRole('button', { name: 'Subscribe: 25.00 USDC every month (30 days)' })
  await subscribe.waitFor()
  await checkScreen(payer, 'plan-link')
  await subscribe.click()
  await payer.waitForURL(/\/subscriptions\/[A-Za-z0-9]{16}$/, { timeout: 30_000 })

  // The first period is charged at once by the payee's relayer, and the watcher sees it paid.
  await chargeState(payer, 1).and(payer.locator('[data-state="paid"]')).waitFor({ timeout: 30_000 })
  expect(await payer.getByTestId('subscription-state').getAttribute('data-state')).toBe('active')
  await payer.getByRole('link', { name: 'Receipt for period 1' }).waitFor()

  // A month on, the second is charged with no action of the payer's: their page shows it.
  await aMonthLater()
  await chargeState(payer, 2).and(payer.locator('[data-state="paid"]')).waitFor({ timeout: 45_000 })
  await expect.poll(() => payer.getByTestId('transaction-hash').count()).toBe(2)
  await checkScreen(payer, 'subscription')

  const subscribers = await personAt('/subscribers', PAYEE, true)
  await subscribers.getByTestId('subscriber').first().waitFor()
  expect(await subscribers.getByTestId('subscriber-state').first().textContent()).toBe('Active')
  expect(await subscribers.getByTestId('charge-state').count()).toBe(2)
  await checkScreen(subscribers, 'subscribers')

  // Cancel revokes the permission on chain from the payer's wallet; Billfold checks the chain.
  await payer.getByRole('button', { name: 'Cancel the subscription' }).click()
  await payer.getByTestId('subscription-cancelled').waitFor({ timeout: 30_000 })
  expect(await payer.getByTestId('subscription-state').textContent()).toBe('Cancelled by the payer')
}, 240_000)

it('a plan priced in a currency is made on Plans, and its card and its link show the price', async () => {
  const payee = await personAt('/plans', PAYEE, true)
  await payee.getByLabel('Name').fill('Euro retainer')
  await payee.getByLabel('Charge').selectOption('currency')
  await payee.getByLabel('Currency').selectOption('EUR')
  await payee.getByLabel('Price each period').fill('20')
  await payee.getByRole('button', { name: 'Create and sign' }).click()
  const card = payee.getByTestId('plan').filter({ hasText: 'Euro retainer' })
  await card.waitFor({ timeout: 15_000 })
  expect(await card.textContent()).toMatch(/€20\.00 every month/)
  const link = (await card.getByTestId('plan-link').textContent())!
  const payer = await personAt(new URL(link).pathname, PAYER, false)
  await payer.getByTestId('plan-amount').waitFor()
  expect(await payer.getByTestId('plan-amount').textContent()).toBe('€20.00 every month (30 days)')
}, 120_000)
