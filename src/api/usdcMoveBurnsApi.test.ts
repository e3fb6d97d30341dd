import { createWalletClient, encodeFunctionData, erc20Abi, http, keccak256, toHex, type Hex } from 'viem'
import { startTestChains } from '../../testing/testChain.ts'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { startIrisService } from '../../testing/irisService.ts'
import { startTestApp, type TestApp } from '../../testing/startTestApp.ts'
import { devChain } from '../chain/chains.ts'
import { devChainClients } from '../chain/devnet/devChainClients.ts'
import type { AnvilNode } from '../chain/devnet/startAnvil.ts'
import { DEV_USDC_ADDRESS } from '../chain/tokens.ts'
import { atomicBatchCall, upgradeToDeleGator } from '../domain/periodicPermission/smartAccount.ts'
import { NOT_FOUND_AFTER_BLOCKS } from '../payments/bridge/usdcMoveState.ts'
import { chainClients } from '../watcher/testing/payments.ts'
import { alice, graphql, signIn } from './testing/graphqlClient.ts'

const [BASE_SEPOLIA_ID, ARBITRUM_SEPOLIA_ID] = [84532, 421614]
type Call = { chainId: number; to: Hex; data: Hex; purpose: string }
type Move = { id: string; amount: string; burnTxHash: string; burnIndex: number; state: string; call: Call | null }
const MOVES = '{ myUsdcMoves { id amount burnTxHash burnIndex state call { chainId to data purpose } } }'
const RECORD = `mutation Record($burnTxHash: String!, $amount: String!) {
  recordUsdcMove(sourceChainId: ${BASE_SEPOLIA_ID}, destinationChainId: ${ARBITRUM_SEPOLIA_ID}, amount: $amount, burnTxHash: $burnTxHash) { burnIndex state }
}`

let nodes: AnvilNode[] = []
let iris: Awaited<ReturnType<typeof startIrisService>>
let app: TestApp
let cookie: string
beforeAll(async () => {
  nodes = await startTestChains([BASE_SEPOLIA_ID, ARBITRUM_SEPOLIA_ID])
  iris = await startIrisService({ clients: devChainClients(nodes), attestAfterMs: 300 })
  app = await startTestApp({
    anvilUrl: inject('anvilUrl'),
    chainRpcUrls: { [BASE_SEPOLIA_ID]: nodes[0]!.rpcUrl, [ARBITRUM_SEPOLIA_ID]: nodes[1]!.rpcUrl },
    rateLimitPerMinute: 0,
    watch: false,
    cctpIrisUrl: iris.url,
  })
  cookie = (await signIn(app.url, alice)).cookie
}, 60_000)
afterAll(async () => {
  await app?.close()
  await iris?.close()
  await Promise.all(nodes.map((n) => n.stop()))
})

const base = () => chainClients(nodes[0]!.rpcUrl, BASE_SEPOLIA_ID)
/** Alice's wallet on Base Sepolia, holding her key as a wallet does (it signs EIP-7702 authorizations). */
const alicesWallet = () =>
  createWalletClient({ account: alice, chain: devChain(nodes[0]!.rpcUrl, BASE_SEPOLIA_ID), transport: http() })
const moves = async (as = cookie) =>
  (await graphql<{ myUsdcMoves: Move[] }>(app.url, MOVES, { cookie: as })).data!.myUsdcMoves
const record = (burnTxHash: Hex, amount: string, as = cookie) =>
  graphql<{ recordUsdcMove: { burnIndex: number; state: string } }>(app.url, RECORD, {
    cookie: as,
    variables: { burnTxHash, amount },
  })
/** The calls the API prepares to bring `amount` of alice's USDC from Base Sepolia to Arbitrum Sepolia. */
async function burnCalls(amount: string): Promise<Call[]> {
  const { data } = await graphql<{ usdcToOneChain: Call[] }>(
    app.url,
    `{ usdcToOneChain(sourceChainId: ${BASE_SEPOLIA_ID}, destinationChainId: ${ARBITRUM_SEPOLIA_ID}, amount: "${amount}") { chainId to data purpose } }`,
    { cookie },
  )
  return data!.usdcToOneChain
}
async function send(call: { to: Hex; data: Hex }, rpcUrl = nodes[0]!.rpcUrl, chainId = BASE_SEPOLIA_ID) {
  const { walletOf, publicClient } = chainClients(rpcUrl, chainId)
  const hash = await walletOf(0).sendTransaction({ to: call.to, data: call.data })
  await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 })
  return hash
}
/** The moves of the transaction `hash`, by their place in it, once `settled`. */
async function until(hash: Hex, settled: (listed: Move[]) => boolean): Promise<Move[]> {
  for (;;) {
    const listed = (await moves()).filter((m) => m.burnTxHash === hash).sort((a, b) => a.burnIndex - b.burnIndex)
    if (settled(listed)) return listed
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
const usdcOnDestination = () =>
  chainClients(nodes[1]!.rpcUrl, ARBITRUM_SEPOLIA_ID).publicClient.readContract({
    address: DEV_USDC_ADDRESS,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [alice.address],
  })

describe('a recorded hash whose transaction never comes on the chain', () => {
  it('takes a transaction that comes late, inside the bound', async () => {
    const calls = await burnCalls('1.5')
    for (const approval of calls.slice(0, -1)) await send(approval)
    const burn = calls.at(-1)
    // The wallet gives the hash before the chain has the transaction: signed here, sent after blocks went by.
    const wallet = alicesWallet()
    const signed = await wallet.signTransaction(
      await wallet.prepareTransactionRequest({ to: burn!.to, data: burn!.data }),
    )
    const hash = keccak256(signed)
    expect((await record(hash, '1.5')).errors).toBeUndefined()
    expect(await until(hash, (l) => l.length === 1)).toMatchObject([{ state: 'waiting' }])
    await base().testClient.mine({ blocks: Number(NOT_FOUND_AFTER_BLOCKS) - 10 })
    expect(await until(hash, (l) => l.length === 1)).toMatchObject([{ state: 'waiting' }])

    await base().publicClient.sendRawTransaction({ serializedTransaction: signed })
    await base().publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 })
    const [ready] = await until(hash, (l) => l[0]?.state === 'ready')
    expect(ready).toMatchObject({ amount: '1.5', call: { chainId: ARBITRUM_SEPOLIA_ID, purpose: 'mint' } })
    await send(ready!.call!, nodes[1]!.rpcUrl, ARBITRUM_SEPOLIA_ID)
    expect(await until(hash, (l) => l[0]?.state === 'done')).toHaveLength(1)
  })

  it('reads as not found past the bound: not among the 20 unfinished, and dismissable', async () => {
    const payee = privateKeyToAccount(generatePrivateKey())
    const as = (await signIn(app.url, payee)).cookie
    const neverSent = (n: number) => keccak256(toHex(`never sent ${payee.address} ${n}`))
    for (let n = 0; n < 20; n++) expect((await record(neverSent(n), '1', as)).errors).toBeUndefined()
    const refused = await record(neverSent(20), '1', as)
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'burnTxHash' })

    expect((await moves(as)).map((m) => m.state)).toEqual(Array(20).fill('waiting'))
    await base().testClient.mine({ blocks: Number(NOT_FOUND_AFTER_BLOCKS) })
    const notFound = await moves(as)
    expect(notFound.map((m) => m.state)).toEqual(Array(20).fill('notFound'))
    expect(notFound.every((m) => m.call === null)).toBe(true)

    expect((await record(neverSent(20), '1', as)).errors).toBeUndefined()
    const dismissed = await graphql(app.url, `mutation { dismissUsdcMove(id: "${notFound[0]!.id}") }`, { cookie: as })
    expect(dismissed.errors).toBeUndefined()
    expect((await moves(as)).map((m) => m.id)).not.toContain(notFound[0]!.id)
  })
})

describe('a recorded hash whose transaction comes and burns nothing', () => {
  it('reads as failed once mined, out of the unfinished, and dismissable', async () => {
    // The wallet gave the hash of a plain transfer: nothing to check before it is mined, taken as said.
    const wallet = alicesWallet()
    const transfer = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [alice.address, 1n] })
    const signed = await wallet.signTransaction(
      await wallet.prepareTransactionRequest({ to: DEV_USDC_ADDRESS, data: transfer }),
    )
    const hash = keccak256(signed)
    expect((await record(hash, '1')).errors).toBeUndefined()
    expect(await until(hash, (l) => l.length === 1)).toMatchObject([{ state: 'waiting' }])

    await base().publicClient.sendRawTransaction({ serializedTransaction: signed })
    await base().publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 })
    const [failed] = await until(hash, (l) => l[0]?.state !== 'waiting')
    expect(failed).toMatchObject({ state: 'failed', call: null })
    expect(
      (await graphql(app.url, `mutation { dismissUsdcMove(id: "${failed!.id}") }`, { cookie })).errors,
    ).toBeUndefined()
    expect((await moves()).map((m) => m.id)).not.toContain(failed!.id)
  })
})

describe('a transaction holding two burns of the business', () => {
  it('is two moves, found on the chain, each attested and minted on its own', async () => {
    const wallet = alicesWallet()
    await upgradeToDeleGator(wallet)
    // Both burns in one transaction, as the wallet's atomic `wallet_sendCalls` sends them.
    const calls = [...(await burnCalls('2')), ...(await burnCalls('3'))]
    const hash = await wallet.sendTransaction(atomicBatchCall(alice.address, calls))
    const receipt = await base().publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 })
    expect(receipt.status).toBe('success')

    // Never recorded, the two are found on the chain; recording the second by its hash keeps two.
    expect(await until(hash, (l) => l.length === 2)).toEqual([
      expect.objectContaining({ burnIndex: 0, amount: '2' }),
      expect.objectContaining({ burnIndex: 1, amount: '3' }),
    ])
    expect((await record(hash, '3')).data?.recordUsdcMove).toMatchObject({ burnIndex: 1 })
    const ready = await until(hash, (l) => l.length === 2 && l.every((m) => m.state === 'ready'))
    expect(new Set(ready.map((m) => m.call!.data)).size).toBe(2)
    // Asked by hash, each burn's mint is its own: the first when no index is given.
    const mintOf = async (burnIndex?: number) =>
      (
        await graphql<{ usdcMintOnDestination: { call: Call } }>(
          app.url,
          `query($hash: String!, $i: Int) { usdcMintOnDestination(sourceChainId: ${BASE_SEPOLIA_ID}, txHash: $hash, burnIndex: $i) { call { data } } }`,
          { cookie, variables: { hash, i: burnIndex } },
        )
      ).data!.usdcMintOnDestination.call.data
    expect([await mintOf(), await mintOf(0), await mintOf(1)]).toEqual([
      ready[0]!.call!.data,
      ready[0]!.call!.data,
      ready[1]!.call!.data,
    ])

    const before = await usdcOnDestination()
    await send(ready[0]!.call!, nodes[1]!.rpcUrl, ARBITRUM_SEPOLIA_ID)
    const [first, second] = await until(hash, (l) => l.some((m) => m.state === 'done'))
    expect(await usdcOnDestination()).toBe(before + 2_000_000n)
    expect([first!.state, second!.state]).toEqual(['done', 'ready'])
    await send(second!.call!, nodes[1]!.rpcUrl, ARBITRUM_SEPOLIA_ID)
    expect(await usdcOnDestination()).toBe(before + 5_000_000n)
    expect(await until(hash, (l) => l.every((m) => m.state === 'done'))).toHaveLength(2)
  })
})
