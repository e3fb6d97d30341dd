import { encodeFunctionData, erc20Abi, pad, zeroHash, type Hex } from 'viem'
import { startTestChains } from '../../testing/testChain.ts'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { startFaultyRpc, type FaultyRpc } from '../../testing/faultyRpc.ts'
import { startIrisService } from '../../testing/irisService.ts'
import { startTestApp, type TestApp } from '../../testing/startTestApp.ts'
import { cctpChains, tokenMessengerV2Abi } from '../chain/cctp/cctpContracts.ts'
import { devChainClients } from '../chain/devnet/devChainClients.ts'
import type { AnvilNode } from '../chain/devnet/startAnvil.ts'
import { DEV_USDC_ADDRESS } from '../chain/tokens.ts'
import { chainClients } from '../watcher/testing/payments.ts'
import { alice, bob, graphql, signIn } from './testing/graphqlClient.ts'

const [BASE_SEPOLIA_ID, ARBITRUM_SEPOLIA_ID] = [84532, 421614]
type Call = { chainId: number; to: Hex; data: Hex; purpose: string }
type Move = { id: string; amount: string; burnTxHash: string; state: string; call: Call | null }
const MOVES = '{ myUsdcMoves { id amount burnTxHash state call { chainId to data purpose } } }'
const RECORD = `mutation Record($burnTxHash: String!, $amount: String!) {
  recordUsdcMove(sourceChainId: ${BASE_SEPOLIA_ID}, destinationChainId: ${ARBITRUM_SEPOLIA_ID}, amount: $amount, burnTxHash: $burnTxHash) { state }
}`

let nodes: AnvilNode[] = []
let iris: Awaited<ReturnType<typeof startIrisService>>
let app: TestApp
let cookie: string
/** The dev chain 31337 behind a provider emulation, to make its log reads fail. */
let devRpc: FaultyRpc
beforeAll(async () => {
  devRpc = await startFaultyRpc(inject('anvilUrl'))
  nodes = await startTestChains([BASE_SEPOLIA_ID, ARBITRUM_SEPOLIA_ID])
  iris = await startIrisService({ clients: devChainClients(nodes), attestAfterMs: 300 })
  app = await startTestApp({
    anvilUrl: devRpc.url,
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
  await devRpc?.close()
  await Promise.all(nodes.map((n) => n.stop()))
})

/** Sends a prepared call from alice's wallet (dev account 0, bob's is 1), as her wallet would. */
async function send(call: Call, account = 0): Promise<Hex> {
  const node = nodes.find((n) => n.chainId === call.chainId)!
  const { walletOf, publicClient } = chainClients(node.rpcUrl, node.chainId)
  const hash = await walletOf(account).sendTransaction({ to: call.to, data: call.data })
  await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 })
  return hash
}
/** Sends the calls prepared for `as` from `account`'s wallet, and nothing else: no recordUsdcMove. Their hashes, the burn's last. */
async function burn(as: string, account: number, amount: string): Promise<Hex[]> {
  const { data } = await graphql<{ usdcToOneChain: Call[] }>(
    app.url,
    `{ usdcToOneChain(sourceChainId: ${BASE_SEPOLIA_ID}, destinationChainId: ${ARBITRUM_SEPOLIA_ID}, amount: "${amount}") { chainId to data purpose } }`,
    { cookie: as },
  )
  const hashes: Hex[] = []
  for (const call of data!.usdcToOneChain) hashes.push(await send(call, account))
  return hashes
}
const moves = async (as = cookie) =>
  (await graphql<{ myUsdcMoves: Move[] }>(app.url, MOVES, { cookie: as })).data!.myUsdcMoves
const usdcOnDestination = () =>
  chainClients(nodes[1]!.rpcUrl, ARBITRUM_SEPOLIA_ID).publicClient.readContract({
    address: DEV_USDC_ADDRESS,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [alice.address],
  })

describe("a payee's USDC moves, kept from the burn until the mint is seen on chain", () => {
  it('keeps the burn, offers its mint once attested, and turns it done once the destination minted, to its payee only', async () => {
    const { data } = await graphql<{ usdcToOneChain: Call[] }>(
      app.url,
      `{ usdcToOneChain(sourceChainId: ${BASE_SEPOLIA_ID}, destinationChainId: ${ARBITRUM_SEPOLIA_ID}, amount: "7.5") { chainId to data purpose } }`,
      { cookie },
    )
    let burnTxHash: Hex | undefined
    for (const call of data!.usdcToOneChain) burnTxHash = await send(call)
    const recorded = await graphql(app.url, RECORD, { cookie, variables: { burnTxHash, amount: '7.5' } })
    expect(recorded.errors).toBeUndefined()
    // Recording the same burn again keeps one move.
    await graphql(app.url, RECORD, { cookie, variables: { burnTxHash, amount: '7.5' } })

    const [waiting] = await moves()
    expect(waiting).toMatchObject({ amount: '7.5', burnTxHash, state: 'waiting', call: null })
    expect(await moves(await signIn(app.url, bob).then((s) => s.cookie))).toEqual([])

    let ready = waiting!
    while (ready.state === 'waiting') {
      await new Promise((resolve) => setTimeout(resolve, 50))
      ready = (await moves())[0]!
    }
    expect(ready).toMatchObject({ state: 'ready', call: { chainId: ARBITRUM_SEPOLIA_ID, purpose: 'mint' } })
    const before = await usdcOnDestination()
    await send(ready.call!)
    expect(await usdcOnDestination()).toBe(before + 7_500_000n)
    expect(await moves()).toEqual([expect.objectContaining({ burnTxHash, state: 'done', call: null })])
  })

  it('finds a burn its wallet sent but never recorded on the chain, and offers its mint; not a burn of another address', async () => {
    // Chain 31337's provider answers its logs in an odd shape: its burns are not read, the others' are.
    devRpc.faults.rewriteAnswer = (method, result) => (method === 'eth_getLogs' ? { odd: true } : result)
    const lost = (await burn(cookie, 0, '3.25')).at(-1)!
    const bobs = (await burn(await signIn(app.url, bob).then((s) => s.cookie), 1, '2')).at(-1)!

    let found = (await moves()).find((m) => m.burnTxHash === lost)
    expect(found).toMatchObject({ amount: '3.25' })
    expect((await moves()).filter((m) => m.burnTxHash === lost)).toHaveLength(1)
    expect((await moves()).map((m) => m.burnTxHash)).not.toContain(bobs)
    while (found!.state === 'waiting') {
      await new Promise((resolve) => setTimeout(resolve, 50))
      found = (await moves()).find((m) => m.burnTxHash === lost)
    }
    expect(found).toMatchObject({ state: 'ready', call: { chainId: ARBITRUM_SEPOLIA_ID, purpose: 'mint' } })
    const before = await usdcOnDestination()
    await send(found!.call!)
    expect(await usdcOnDestination()).toBe(before + 3_250_000n)
    expect((await moves()).find((m) => m.burnTxHash === lost)).toMatchObject({ state: 'done', call: null })
    expect(devRpc.calls.get('eth_getLogs')).toBeGreaterThan(0)
    delete devRpc.faults.rewriteAnswer
  })

  it("refuses a burn its receipt contradicts, naming the field: not this wallet's burn, another amount, another destination", async () => {
    const [approval, burnt] = await burn(cookie, 0, '1.5')
    const bobs = (await burn(await signIn(app.url, bob).then((s) => s.cookie), 1, '1.5')).at(-1)!
    const record = (burnTxHash: Hex, amount = '1.5', destinationChainId = ARBITRUM_SEPOLIA_ID) =>
      graphql(
        app.url,
        `mutation { recordUsdcMove(sourceChainId: ${BASE_SEPOLIA_ID}, destinationChainId: ${destinationChainId}, amount: "${amount}", burnTxHash: "${burnTxHash}") { state } }`,
        { cookie },
      )
    const field = async (answer: ReturnType<typeof record>) => (await answer).errors?.[0]?.extensions?.['field']
    expect(approval).not.toBe(burnt)
    expect(await field(record(approval!))).toBe('burnTxHash')
    expect(await field(record(bobs))).toBe('burnTxHash')
    expect(await field(record(burnt!, '2'))).toBe('amount')
    expect(await field(record(burnt!, '1.5', 31337))).toBe('destinationChainId')
    expect((await record(burnt!)).errors).toBeUndefined()
  })

  it('lets the payee dismiss a move whose burn failed or that Iris will not attest, and not one that can still finish', async () => {
    // A burn the wallet sent and recorded before it was mined, which then reverts (a token the messenger refuses).
    const base = chainClients(nodes[0]!.rpcUrl, BASE_SEPOLIA_ID)
    await base.testClient.setAutomine(false)
    const reverting = await base.walletOf(0).sendTransaction({
      to: cctpChains[BASE_SEPOLIA_ID]!.tokenMessenger,
      data: encodeFunctionData({
        abi: tokenMessengerV2Abi,
        functionName: 'depositForBurn',
        args: [1_000_000n, 3, pad(alice.address), alice.address, zeroHash, 0n, 2000],
      }),
      gas: 300_000n,
    })
    const recorded = await graphql(app.url, RECORD, { cookie, variables: { burnTxHash: reverting, amount: '1' } })
    expect(recorded.errors).toBeUndefined()
    await base.testClient.mine({ blocks: 1 })
    await base.testClient.setAutomine(true)
    expect((await base.publicClient.getTransactionReceipt({ hash: reverting })).status).toBe('reverted')

    const unattested = (await burn(cookie, 0, '1.25')).at(-1)!
    iris.answer(6, unattested, { status: 500, body: '{}' })
    const stillFinishing = (await burn(cookie, 0, '1.75')).at(-1)!

    const listed = await moves()
    const of = (hash: Hex) => listed.find((m) => m.burnTxHash === hash)!
    expect(of(reverting)).toMatchObject({ state: 'failed' })
    expect(of(unattested)).toMatchObject({ state: 'unavailable' })
    expect(['waiting', 'ready']).toContain(of(stillFinishing).state)

    const dismiss = (id: string) =>
      graphql(
        app.url,
        `
          mutation Dismiss($id: String!) {
            dismissUsdcMove(id: $id)
          }
        `,
        { cookie, variables: { id } },
      )
    const refused = await dismiss(of(stillFinishing).id)
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'id' })
    expect((await dismiss(of(reverting).id)).errors).toBeUndefined()
    expect((await dismiss(of(unattested).id)).errors).toBeUndefined()
    // Dismissed moves are not listed again, though the burn is still on the chain within the window read.
    const after = (await moves()).map((m) => m.burnTxHash)
    expect(after).not.toContain(reverting)
    expect(after).not.toContain(unattested)
    expect(after).toContain(stillFinishing)
  })

  it('refuses a hash that is no transaction hash and a chain CCTP does not serve, naming the field', async () => {
    const bad = await graphql(app.url, RECORD, { cookie, variables: { burnTxHash: '0x1234', amount: '1' } })
    expect(bad.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'burnTxHash' })
    const chain = await graphql(
      app.url,
      `mutation { recordUsdcMove(sourceChainId: 100, destinationChainId: ${ARBITRUM_SEPOLIA_ID}, amount: "1", burnTxHash: "0x${'ab'.repeat(32)}") { state } }`,
      { cookie },
    )
    expect(chain.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'sourceChainId' })
  })
})
