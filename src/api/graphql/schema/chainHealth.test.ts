import { afterAll, beforeAll, expect, it } from 'vitest'
import { startFaultyRpc, type FaultyRpc } from '../../../../testing/faultyRpc.ts'
import { startTestApp, type TestApp } from '../../../../testing/startTestApp.ts'
import { startTestChain } from '../../../../testing/testChain.ts'
import type { AnvilNode } from '../../../chain/devnet/startAnvil.ts'
import { pay } from '../../../watcher/testing/payments.ts'
import { alice, graphql, signIn } from '../../testing/graphqlClient.ts'
import { createRequest } from '../../testing/paymentRequestInput.ts'

// The whole server against a chain whose RPC stops answering eth_getLogs, as a provider outage would.
let anvil: AnvilNode
let rpc: FaultyRpc
let app: TestApp
beforeAll(async () => {
  anvil = await startTestChain(8559)
  rpc = await startFaultyRpc(anvil.rpcUrl)
  app = await startTestApp({ anvilUrl: rpc.url, rateLimitPerMinute: 0 })
})
afterAll(async () => {
  await app?.close()
  await rpc?.close()
  await anvil?.stop()
})

type Health = {
  chains: {
    id: number
    watcher: {
      lagging: boolean
      lagBlocks: number | null
      lastError: string | null
      laggingSince: string | null
    } | null
  }[]
}
const HEALTH = 'query { chains { id watcher { lagging lagBlocks lastError laggingSince } } }'
const health = async () => (await graphql<Health>(app.url, HEALTH)).data!.chains.find((c) => c.id === 31337)!.watcher

it('tells API clients that a chain lags and why, then records the payment it held back once the RPC recovers', async () => {
  const { cookie } = await signIn(app.url, alice)
  const request = await createRequest(app.url, cookie, alice, { amount: '3' })
  rpc.faults.logsLimit = { provider: 'unhealthy', maxBlocks: 0 }
  await pay(anvil.rpcUrl, { from: 1, to: alice.address, amount: 3_000_000n, reference: request.reference })

  await expect
    .poll(health, { timeout: 15_000, interval: 100 })
    .toMatchObject({ lagging: true, lastError: expect.stringContaining('no backend is currently healthy') })
  expect((await health())!.laggingSince).not.toBeNull()
  const status = async () =>
    (
      await graphql<{ paymentRequest: { status: string } }>(
        app.url,
        'query($id: String!) { paymentRequest(id: $id) { status } }',
        { variables: { id: request.id } },
      )
    ).data!.paymentRequest.status
  expect(await status()).toBe('open')

  delete rpc.faults.logsLimit
  await expect.poll(status, { timeout: 20_000, interval: 100 }).toBe('paid')
  await expect
    .poll(health, { timeout: 15_000, interval: 100 })
    .toMatchObject({ lagging: false, lastError: null, laggingSince: null })
}, 60_000)
