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

// A chain and a server of this file's own; the payer's dev wallet answers as a wallet without ERC-7715.
let anvil: AnvilNode
let app: TestApp
const time = shiftedClock()
const browsers: WalletBrowser[] = []
const PAYEE = 0
const PAYER = 6
/** The plan's link, made by the first test. */
let planLink = ''

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

async function personAt(path: string, account: number, signIn: boolean, executionPermissions = true): Promise<Page> {
  const browser = await launchWithDevWallet()
  browsers.push(browser)
  await browser.page.goto(
    withDevWallet(new URL(path, app.url).href, { account, chains: { '31337': anvil.rpcUrl }, executionPermissions }),
  )
  await connectDevWallet(browser.page)
  if (signIn) {
    await browser.page.getByRole('button', { name: 'Sign in' }).click()
    await browser.page.getByTestId('signed-in').waitFor()
  }
  return browser.page
}

const chargeState = (page: Page, period: number) =>
  page
    .getByTestId('subscription-charge')
    .nth(period - 1)
    .getByTestId('charge-state')

it('a payer whose wallet has no ERC-7715 starts a monthly plan through Permit2, told first that it caps the total; the first period is charged and they cancel on their page', async () => {
  const payee = await personAt('/plans', PAYEE, true)
  await payee.getByLabel('Name').fill('Basic, monthly')
  await payee.getByLabel('Amount each period').fill('10')
  await payee.getByLabel('How many periods (optional)').fill('12')
  await payee.getByRole('button', { name: 'Create and sign' }).click()
  const card = payee.getByTestId('plan').filter({ hasText: 'Basic, monthly' })
  await card.waitFor({ timeout: 15_000 })
  const link = (await card.getByTestId('plan-link').textContent())!
  planLink = link

  const payer = await personAt(new URL(link).pathname, PAYER, false, false)
  await payer.getByTestId('offer-permit2').waitFor({ timeout: 15_000 })
  expect(await payer.getByTestId('offer-erc7715').count()).toBe(0)
  expect(await payer.getByTestId('permit2-total-cap').textContent()).toMatch(
    /caps the total, not each period.*up to 120\.00 USDC/,
  )
  expect(await payer.getByTestId('offer-by-hand').textContent()).toMatch(/pay each period by hand/)
  // The words above the offers say what is offered: Permit2 caps the total, nothing caps each month.
  const summary = await payer.getByTestId('plan-permission').textContent()
  expect(summary).toMatch(/Permit2 allowance.*at most 120\.00 USDC in all/)
  expect(summary).not.toMatch(/each month/)
  await checkScreen(payer, 'plan-link-permit2')
  await payer.getByRole('button', { name: 'Subscribe with Permit2: up to 120.00 USDC in all' }).click()
  await payer.waitForURL(/\/subscriptions\/[A-Za-z0-9]{16}$/, { timeout: 30_000 })

  // The payee's relayer sends the payer's permit, then the first period's transfer straight to the payee.
  await chargeState(payer, 1).and(payer.locator('[data-state="paid"]')).waitFor({ timeout: 30_000 })
  expect(await payer.getByTestId('subscription-state').getAttribute('data-state')).toBe('active')

  // Cancel zeroes the Permit2 allowance on chain from the payer's wallet; Billfold checks the chain.
  await payer.getByRole('button', { name: 'Cancel the subscription' }).click()
  await payer.getByTestId('subscription-cancelled').waitFor({ timeout: 30_000 })
  expect(await payer.getByTestId('subscription-state').textContent()).toBe('Cancelled by the payer')
}, 240_000)

it('a payer who would rather grant nothing pays each period by hand: one click makes their schedule of the plan and opens its first period’s request', async () => {
  expect(planLink).not.toBe('')
  const payer = await personAt(new URL(planLink).pathname, 7, false, false)
  const byHand = payer.getByTestId('offer-by-hand')
  await byHand.waitFor({ timeout: 15_000 })
  await byHand.getByRole('button', { name: 'Pay each period by hand' }).click()
  // The schedule's link forwards to the current period's request, on its pay page.
  await payer.waitForURL(/\/pay\/[A-Za-z0-9]+$/, { timeout: 30_000 })
  await payer
    .getByText(/Basic, monthly/)
    .first()
    .waitFor({ timeout: 15_000 })
}, 120_000)
