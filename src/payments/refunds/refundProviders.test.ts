import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFaultyRpc, type FaultyRpc } from '../../../testing/faultyRpc.ts'
import { startTestApp, type TestApp } from '../../../testing/startTestApp.ts'
import { startTestChain } from '../../../testing/testChain.ts'
import { alice, graphql, signIn } from '../../api/testing/graphqlClient.ts'
import { createRequest } from '../../api/testing/paymentRequestInput.ts'
import type { AnvilNode } from '../../chain/devnet/startAnvil.ts'
import { chainClients, pay } from '../../watcher/testing/payments.ts'
import { NATIVE_ASSET } from '../../domain/paymentRequest.ts'

// Refunds read the way a real provider lets them be read: logs ten blocks at a time in Alchemy's
// words, no tracing (native refunds from the blocks' own transactions), a 429 now and then.
let anvil: AnvilNode
let provider: FaultyRpc
let app: TestApp
let cookie: string

beforeAll(async () => {
  anvil = await startTestChain(8578)
  provider = await startFaultyRpc(anvil.rpcUrl, { logsLimit: { provider: 'alchemy', maxBlocks: 10 }, noTracing: true })
  app = await startTestApp({ anvilUrl: provider.url, rateLimitPerMinute: 0 })
  cookie = (await signIn(app.url, alice)).cookie
})
afterAll(async () => {
  await app?.close()
  await provider?.close()
  await anvil?.stop()
})

const refundedOf = async (id: string) =>
  (
    await graphql<{ paymentRequest: { received: string; refunded: string } }>(
      app.url,
      'query($id: String!) { paymentRequest(id: $id) { received refunded } }',
      { variables: { id } },
    )
  ).data!.paymentRequest

describe('refunds through a real provider’s limits', () => {
  it('records a token refund and a native one, with the provider refusing wide log ranges and now and then answering 429', async () => {
    const { walletOf, publicClient, testClient } = chainClients(anvil.rpcUrl)
    const token = await createRequest(app.url, cookie, alice, { amount: '5' })
    const native = await createRequest(app.url, cookie, alice, { asset: NATIVE_ASSET, amount: '0.002' })
    await pay(anvil.rpcUrl, { from: 1, to: alice.address, amount: 5_000_000n, reference: token.reference })
    await pay(anvil.rpcUrl, {
      from: 1,
      to: alice.address,
      amount: 2n * 10n ** 15n,
      reference: native.reference,
      asset: NATIVE_ASSET,
    })
    await expect.poll(async () => (await refundedOf(native.id)).received, { timeout: 20_000 }).toBe('2000000000000000')
    // Blocks in between, so the refunds' range is wider than the provider takes at once.
    await testClient.mine({ blocks: 25 })
    provider.faults.next = { count: 2, answer: '429', retryAfterSeconds: 1 }
    for (const [request, amount] of [
      [token, '1.5'],
      [native, '0.002'],
    ] as const) {
      const prepared = await graphql<{
        prepareRefund: { transaction: { to: `0x${string}`; value: string; data: `0x${string}` } }
      }>(
        app.url,
        'mutation($r: String!, $a: String!) { prepareRefund(requestId: $r, amount: $a) { transaction { to value data } } }',
        { variables: { r: request.id, a: amount }, cookie },
      )
      const { to, value, data } = prepared.data!.prepareRefund.transaction
      const hash = await walletOf(0).sendTransaction({ to, value: BigInt(value), data })
      await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 })
    }
    await expect.poll(async () => (await refundedOf(token.id)).refunded, { timeout: 20_000 }).toBe('1500000')
    await expect.poll(async () => (await refundedOf(native.id)).refunded, { timeout: 20_000 }).toBe('2000000000000000')
    // The provider was asked for logs in ranges it takes, after refusing wider ones in its own words.
    expect(provider.stats().refused).toBeGreaterThan(0)
  })
})
