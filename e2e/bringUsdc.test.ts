import {
  createPublicClient,
  erc20Abi,
  formatUnits,
  http,
  keccak256,
  parseUnits,
  toHex,
  type Address,
  type PublicClient,
} from 'viem'
import { foundry } from 'viem/chains'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { alice, graphql, signIn } from '../src/api/testing/graphqlClient.ts'
import { DEV_USDC_ADDRESS } from '../src/chain/tokens.ts'
import { devChainClients } from '../src/chain/devnet/devChainClients.ts'
import { setUpDevChain } from '../src/chain/devnet/setUpDevChain.ts'
import { startAnvil, type AnvilNode } from '../src/chain/devnet/startAnvil.ts'
import { newPaymentReference } from '../src/domain/paymentReference.ts'
import { requestTermsTypedData } from '../src/domain/requestChains.ts'
import { NOT_FOUND_AFTER_BLOCKS } from '../src/payments/bridge/usdcMoveState.ts'
import { chainClients, pay } from '../src/watcher/testing/payments.ts'
import { freePort } from '../testing/freePort.ts'
import { startIrisService } from '../testing/irisService.ts'
import { startTestApp, type TestApp } from '../testing/startTestApp.ts'
import { launchWithDevWallet, withDevWallet, type WalletBrowser } from './support/chromium.ts'
import { connectDevWallet } from './support/people.ts'
import { checkScreen } from './support/screens.ts'

const [BASE_SEPOLIA_ID, ARBITRUM_SEPOLIA_ID] = [84532, 421614]
const CHAIN_IDS = [foundry.id, BASE_SEPOLIA_ID, ARBITRUM_SEPOLIA_ID]
const PAYER_INDEX = 6

let nodes: AnvilNode[] = []
let clients: ReadonlyMap<number, PublicClient>
let iris: Awaited<ReturnType<typeof startIrisService>>
let app: TestApp
let browser: WalletBrowser | undefined
beforeAll(async () => {
  nodes = await Promise.all(
    CHAIN_IDS.map(async (chainId) => {
      const node = await startAnvil({ port: await freePort(), chainId })
      await setUpDevChain(node.rpcUrl)
      return node
    }),
  )
  clients = devChainClients(nodes)
  // The dev attester, as `npm start` runs it: a burn waits a moment, as Circle waits for finality.
  iris = await startIrisService({ clients, attestAfterMs: 2000 })
  app = await startTestApp({
    anvilUrl: nodes[0]!.rpcUrl,
    chainRpcUrls: { [BASE_SEPOLIA_ID]: nodes[1]!.rpcUrl, [ARBITRUM_SEPOLIA_ID]: nodes[2]!.rpcUrl },
    cctpIrisUrl: iris.url,
  })
}, 120_000)
afterEach(async () => {
  await browser?.close()
  browser = undefined
})
afterAll(async () => {
  await app?.close()
  await iris?.close()
  await Promise.all(nodes.map((n) => n.stop()))
})

const CREATE = 'mutation Create($input: CreatePaymentRequestInput!) { createPaymentRequest(input: $input) { id } }'

describe("bringing a payee's USDC to one chain with Circle's CCTP, from the request's per-chain view", () => {
  it('a payee paid on two chains brings all their USDC there to the third; a reload mid-way resumes the moves', async () => {
    const { id, reference } = await threeChainRequest('5')
    await pay(nodes[0]!.rpcUrl, { from: PAYER_INDEX, to: alice.address, amount: parseUnits('2', 6), reference })
    await pay(nodes[1]!.rpcUrl, {
      from: PAYER_INDEX,
      to: alice.address,
      amount: parseUnits('3', 6),
      reference,
      chainId: BASE_SEPOLIA_ID,
    })
    const before = await Promise.all(CHAIN_IDS.map((chainId) => usdcOf(chainId)))

    browser = await launchWithDevWallet()
    const page = browser.page
    const url = withDevWallet(new URL(`/requests/${id}`, app.url).href, {
      account: 0,
      chains: Object.fromEntries(nodes.map((n) => [String(n.chainId), n.rpcUrl])),
    })
    await page.goto(url)
    await connectDevWallet(page)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByTestId('signed-in').waitFor()
    await page.getByTestId('received-on-chains').waitFor({ timeout: 30_000 })

    await page.getByRole('button', { name: 'Bring USDC to one chain' }).click()
    await page.getByLabel('Bring to').selectOption(String(ARBITRUM_SEPOLIA_ID))
    // Each other chain's field holds all the payee's USDC there.
    for (const [i, chainId] of [foundry.id, BASE_SEPOLIA_ID].entries())
      await expect
        .poll(() => page.locator(`#bring-from-${chainId}`).inputValue(), { timeout: 15_000 })
        .toBe(formatUnits(before[i]!, 6))
    const total = before[0]! + before[1]!
    await page.getByRole('button', { name: /^Bring .* to / }).click()

    // Both burns sent and kept: each waits for Circle's attestation.
    const moves = page.getByTestId('usdc-move')
    await expect.poll(() => moves.count(), { timeout: 60_000 }).toBe(2)
    expect(await usdcOf(foundry.id)).toBe(0n)
    expect(await usdcOf(BASE_SEPOLIA_ID)).toBe(0n)

    // A reload mid-way: the moves come back from the server, and once attested the page offers to receive them.
    await page.reload()
    await expect.poll(() => moves.count(), { timeout: 30_000 }).toBe(2)
    const receive = page.getByRole('button', { name: /^Receive .* on / })
    await receive.waitFor({ timeout: 60_000 })
    await expect
      .poll(() => moves.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-state'))), { timeout: 30_000 })
      .toEqual(['ready', 'ready'])
    await checkScreen(page, 'bring-usdc-to-one-chain')
    if (!(await page.getByTestId('account-address').isVisible())) await connectDevWallet(page)
    await receive.click()

    await expect
      .poll(() => moves.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-state'))), { timeout: 60_000 })
      .toEqual(['done', 'done'])
    expect(await usdcOf(ARBITRUM_SEPOLIA_ID)).toBe(before[2]! + total)
    expect(await page.getByTestId('usdc-moves').textContent()).toContain('arrived')
  })
})

describe('a USDC move whose transaction never came on the chain', () => {
  it('reads as not found, says what to do, and is dismissed', async () => {
    const { id } = await threeChainRequest('1')
    const cookie = (await signIn(app.url, alice)).cookie
    const burnTxHash = keccak256(toHex('a burn the wallet replaced before it was mined'))
    const recorded = await graphql(
      app.url,
      `mutation { recordUsdcMove(sourceChainId: ${BASE_SEPOLIA_ID}, destinationChainId: ${ARBITRUM_SEPOLIA_ID}, amount: "4", burnTxHash: "${burnTxHash}") { state } }`,
      { cookie },
    )
    expect(recorded.errors).toBeUndefined()
    // Looked for once, then the chain goes on without it.
    await graphql(app.url, '{ myUsdcMoves { state } }', { cookie })
    await chainClients(nodes[1]!.rpcUrl, BASE_SEPOLIA_ID).testClient.mine({ blocks: Number(NOT_FOUND_AFTER_BLOCKS) })

    browser = await launchWithDevWallet()
    const page = browser.page
    await page.goto(withDevWallet(new URL(`/requests/${id}`, app.url).href, { account: 0 }))
    await connectDevWallet(page)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByTestId('signed-in').waitFor()
    const notFound = page.locator('[data-testid="usdc-move"][data-state="notFound"]')
    await notFound.waitFor({ timeout: 30_000 })
    expect(await notFound.textContent()).toMatch(/not found on .+: its transaction never came there/)
    await notFound.getByRole('button', { name: 'Dismiss' }).click()
    await expect.poll(() => notFound.count(), { timeout: 15_000 }).toBe(0)
  })
})

/** A request of alice's for `amount` USDC on the dev chain, accepting all three chains. */
async function threeChainRequest(amount: string): Promise<{ id: string; reference: `0x${string}` }> {
  const cookie = (await signIn(app.url, alice)).cookie
  const acceptedChains = CHAIN_IDS.map((chainId) => ({ chainId, asset: DEV_USDC_ADDRESS }))
  const input = {
    chainId: foundry.id,
    asset: DEV_USDC_ADDRESS,
    amount,
    payer: null,
    memo: 'Three chains',
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
  return { id: created.data!.createPaymentRequest.id, reference: input.reference }
}

const usdcOf = (chainId: number) =>
  createPublicClient({ transport: http(nodes.find((n) => n.chainId === chainId)!.rpcUrl) }).readContract({
    address: DEV_USDC_ADDRESS,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [alice.address as Address],
  })
