import { parseGwei, type Hash } from 'viem'
import { describe, expect, it } from 'vitest'
import { graphql } from '../api/testing/graphqlClient.ts'
import { createRequest } from '../api/testing/paymentRequestInput.ts'
import { DEV_USDC_ADDRESS } from '../chain/tokens.ts'
import { chainClients } from '../watcher/testing/payments.ts'
import {
  UPDATE_RELAYER,
  payGasless,
  payerWithoutGas,
  relayersOf,
  signedAuthorization,
  statusOf,
  useGaslessApp,
} from './testing/gasless.ts'

const env = useGaslessApp(
  { relayMonitor: { intervalMs: 100, replaceAfterBlocks: 3, rebroadcastAfterMs: 1_000 } },
  { fund: 10n ** 18n },
)

type RelayListing = {
  id: string
  requestId: string
  state: string
  reason: string | null
  nonce: number | null
  transactionHash: string
}
const relayOf = async (requestId: string) => {
  const answer = await graphql<{ myRelays: RelayListing[] }>(
    env.app.url,
    'query { myRelays(first: 100) { id requestId state reason nonce transactionHash } }',
    { cookie: env.payee.cookie },
  )
  return answer.data!.myRelays.find((r) => r.requestId === requestId)
}

async function gaslessRequest(amount: string, options: Parameters<typeof signedAuthorization>[3] = {}) {
  const request = await createRequest(env.app.url, env.payee.cookie, env.payee.account, { amount })
  const payer = await payerWithoutGas(env.anvil.rpcUrl, DEV_USDC_ADDRESS, BigInt(Number(amount) * 1e6))
  return { request, ...(await signedAuthorization(env.app.url, request.id, payer, options)) }
}

/** The next block's base fee, mined; the server asks the chain's fees at most once a second, so it sees it after that. */
async function setBaseFee(wei: bigint) {
  const { testClient } = chainClients(env.anvil.rpcUrl)
  await testClient.request({ method: 'anvil_setNextBlockBaseFeePerGas', params: [`0x${wei.toString(16)}`] } as never)
  await testClient.mine({ blocks: 1 })
  await new Promise((resolve) => setTimeout(resolve, 1_100))
}

describe('a relayer under load, stuck blocks and fee spikes', () => {
  it('relays 50 payments sent at once: all paid, the relayer’s nonces contiguous', async () => {
    const signed = []
    for (let i = 0; i < 50; i++) signed.push(await gaslessRequest(`${i + 1}`))
    const answers = await Promise.all(
      signed.map((s) => payGasless(env.app.url, s.request.id, s.authorization, s.signature)),
    )
    expect(answers.flatMap((a) => a.errors ?? [])).toEqual([])
    for (const { request } of signed)
      await expect.poll(async () => (await statusOf(env.app.url, request.id)).status, { timeout: 20_000 }).toBe('paid')
    const nonces = answers.map((a) => a.data!.payWithAuthorization.nonce!).sort((a, b) => a - b)
    expect(nonces).toEqual(Array.from({ length: 50 }, (_, i) => i))
    const [relayer] = await relayersOf(env.app.url, env.payee.cookie)
    const { publicClient } = chainClients(env.anvil.rpcUrl)
    expect(await publicClient.getTransactionCount({ address: relayer!.address })).toBe(50)
  })

  it(
    'replaces a relay not mined within 3 blocks (fees rose under it) with a higher fee, and it is mined',
    { timeout: 60_000 },
    async () => {
      const { testClient, publicClient } = chainClients(env.anvil.rpcUrl)
      const { request, authorization, signature } = await gaslessRequest('7')
      await testClient.setAutomine(false)
      try {
        const sent = (await payGasless(env.app.url, request.id, authorization, signature)).data!.payWithAuthorization
        expect(sent.state).toBe('sent')
        await testClient.request({
          method: 'anvil_setNextBlockBaseFeePerGas',
          params: [`0x${parseGwei('200').toString(16)}`],
        } as never)
        for (let block = 0; block < 30 && (await relayOf(request.id))?.state !== 'mined'; block++) {
          await testClient.mine({ blocks: 1 })
          await new Promise((resolve) => setTimeout(resolve, 250))
        }
        const mined = await relayOf(request.id)
        expect(mined).toMatchObject({ state: 'mined', nonce: sent.nonce })
        expect(mined!.transactionHash).not.toBe(sent.transactionHash)
        const receipt = await publicClient.getTransactionReceipt({ hash: mined!.transactionHash as Hash })
        expect(receipt.effectiveGasPrice).toBeGreaterThan(parseGwei('10'))
        await expect
          .poll(async () => (await statusOf(env.app.url, request.id)).status, { timeout: 10_000 })
          .toBe('paid')
      } finally {
        await testClient.setAutomine(true)
      }
    },
  )

  it("waits through a fee spike above the payee's cap, says so, and sends when fees fall", async () => {
    await setBaseFee(parseGwei('1'))
    const [relayer] = await relayersOf(env.app.url, env.payee.cookie)
    const cap = String(BigInt(relayer!.relayCost) * 10n)
    await graphql(env.app.url, UPDATE_RELAYER, { cookie: env.payee.cookie, variables: { chainId: 31337, feeCap: cap } })
    await setBaseFee(parseGwei('1000'))
    const { request, authorization, signature } = await gaslessRequest('8')
    const waiting = (await payGasless(env.app.url, request.id, authorization, signature)).data!.payWithAuthorization
    expect(waiting).toMatchObject({ state: 'waiting', reason: expect.stringContaining("above the payee's cap") })
    expect((await statusOf(env.app.url, request.id)).status).toBe('open')
    await setBaseFee(parseGwei('1'))
    await expect.poll(async () => (await statusOf(env.app.url, request.id)).status, { timeout: 10_000 }).toBe('paid')
  })

  it('reports a waiting authorization that expired unused, with the normal way to pay', async () => {
    await setBaseFee(parseGwei('1000'))
    const validBefore = String(Math.floor(Date.now() / 1000) + 33)
    const { request, authorization, signature } = await gaslessRequest('9', {
      change: (t) => ({ ...t, message: { ...t.message, validBefore } }),
    })
    const waiting = (await payGasless(env.app.url, request.id, authorization, signature)).data!.payWithAuthorization
    expect(waiting.state).toBe('waiting')
    await expect
      .poll(async () => relayOf(request.id), { timeout: 10_000, interval: 250 })
      .toMatchObject({ state: 'expired', reason: expect.stringContaining('pay with a transaction') })
    expect((await statusOf(env.app.url, request.id)).status).toBe('open')
  })
})
