import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Hex } from 'viem'
import { catchUpAll, startThreeChainApp, type ThreeChains } from '../../../testing/threeChains.ts'
import type { TestApp } from '../../../testing/startTestApp.ts'
import { devAccounts } from '../../chain/devnet/setUpDevChain.ts'
import { alice, codes, graphql, signIn } from '../../api/testing/graphqlClient.ts'
import { createApiKey, inAWeek, rest } from '../../api/testing/merchantClient.ts'
import { DEV_CHAIN_ID } from '../../chain/chains.ts'
import { DEV_USDC_ADDRESS } from '../../chain/tokens.ts'
import type { ChainWatcher } from '../../watcher/watchChain.ts'
import { chainClients, pay } from '../../watcher/testing/payments.ts'

// Offsets 18 to 20: three Anvils of this file's own.
const PORT = Number(process.env.TEST_ANVIL_PORT ?? 8556) + 18
const [BASE_SEPOLIA_ID, ARBITRUM_SEPOLIA_ID] = [84532, 421614]
const [FIRST_PAYER, SECOND_PAYER] = [6, 7]

type Refund = { id: string; state: string; transaction: { chainId: number; to: Hex; value: string; data: Hex } }
const PREPARE = `mutation($r: String!, $a: String!, $to: String, $chainId: Int) {
  prepareRefund(requestId: $r, amount: $a, to: $to, chainId: $chainId) { id state transaction { chainId to value data } }
}`

let three: ThreeChains
let app: TestApp
let watchers: ChainWatcher[]
let cookie: string
let secret: string
beforeAll(async () => {
  ;({ three, app } = await startThreeChainApp(PORT))
  watchers = three.watchers(app.database)
  cookie = (await signIn(app.url, alice)).cookie
  secret = (await createApiKey(app.url, cookie, alice, { scopes: ['requests:write', 'requests:read'] })).data!
    .createApiKey.secret
}, 90_000)
afterAll(async () => {
  await app?.close()
  await three?.stop()
})

const rpcOf = (chainId: number) => three.nodes.find((n) => n.chainId === chainId)!.rpcUrl
const payer = (index: number) => devAccounts[index]!

/** A request of 10 USDC on the three chains (the default), paid as `parts` say, read by each chain's watcher. */
async function paidRequest(parts: [chainId: number, from: number, amount: bigint][]) {
  const made = await rest(app.url, '/payment-requests', {
    method: 'POST',
    secret,
    body: { chainId: DEV_CHAIN_ID, asset: DEV_USDC_ADDRESS, amount: '10', dueAt: inAWeek() },
  })
  expect(made.body!.acceptedChains).toHaveLength(3)
  for (const [chainId, from, amount] of parts)
    await pay(rpcOf(chainId), { from, to: alice.address, amount, reference: made.body!.reference, chainId })
  await catchUpAll(watchers)
  return made.body!.id as string
}

const prepare = (requestId: string, amount: string, to: string, chainId?: number) =>
  graphql<{ prepareRefund: Refund }>(app.url, PREPARE, { cookie, variables: { r: requestId, a: amount, to, chainId } })

describe('a refund of a request paid on several chains', () => {
  it('goes back on the chain its recipient paid on, and the watcher there records it', async () => {
    const id = await paidRequest([
      [BASE_SEPOLIA_ID, FIRST_PAYER, 4_000_000n],
      [ARBITRUM_SEPOLIA_ID, SECOND_PAYER, 6_000_000n],
    ])
    const prepared = await prepare(id, '4', payer(FIRST_PAYER))
    expect(prepared.errors).toBeUndefined()
    const { transaction } = prepared.data!.prepareRefund
    expect(transaction.chainId).toBe(BASE_SEPOLIA_ID)

    // The payee's wallet sends it there; Base Sepolia's watcher sees it.
    const { walletOf, publicClient } = chainClients(rpcOf(BASE_SEPOLIA_ID), BASE_SEPOLIA_ID)
    const hash = await walletOf(0).sendTransaction({
      to: transaction.to,
      value: BigInt(transaction.value),
      data: transaction.data,
    })
    await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 })
    await catchUpAll(watchers)
    const listed = await rest(app.url, `/payment-requests/${id}/refunds`, { secret })
    expect(listed.body!.data).toMatchObject([
      { id: prepared.data!.prepareRefund.id, state: 'refunded', chainId: BASE_SEPOLIA_ID },
    ])

    // Over REST, the other payer's refund goes back on Arbitrum Sepolia's id, where they paid.
    const second = await rest(app.url, `/payment-requests/${id}/refunds`, {
      method: 'POST',
      secret,
      body: { amount: '1', to: payer(SECOND_PAYER) },
    })
    expect(second.status).toBe(201)
    expect(second.body!.transaction.chainId).toBe(ARBITRUM_SEPOLIA_ID)
  })

  it('asks which chain when the recipient paid on two, and refuses one the request does not accept', async () => {
    const id = await paidRequest([
      [BASE_SEPOLIA_ID, FIRST_PAYER, 3_000_000n],
      [ARBITRUM_SEPOLIA_ID, FIRST_PAYER, 2_000_000n],
    ])
    const unsaid = await prepare(id, '1', payer(FIRST_PAYER))
    expect(codes(unsaid)).toEqual(['BAD_USER_INPUT'])
    expect(unsaid.errors![0]!.extensions).toMatchObject({ field: 'chainId' })
    expect(unsaid.errors![0]!.message).toContain(`paid on chains ${BASE_SEPOLIA_ID} and ${ARBITRUM_SEPOLIA_ID}`)

    const said = await prepare(id, '1', payer(FIRST_PAYER), ARBITRUM_SEPOLIA_ID)
    expect(said.data?.prepareRefund.transaction.chainId).toBe(ARBITRUM_SEPOLIA_ID)

    const elsewhere = await prepare(id, '1', payer(FIRST_PAYER), 1)
    expect(elsewhere.errors![0]!.extensions).toMatchObject({ field: 'chainId' })
    expect(elsewhere.errors![0]!.message).toContain('which this request does not accept')
  })
})
