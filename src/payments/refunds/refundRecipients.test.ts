import type { Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../testing/startTestApp.ts'
import { alice, graphql, signIn } from '../../api/testing/graphqlClient.ts'
import { createRequest } from '../../api/testing/paymentRequestInput.ts'
import { devAccounts } from '../../chain/devnet/setUpDevChain.ts'
import { DEV_USDC_ADDRESS } from '../../chain/tokens.ts'
import { chainClients, pay } from '../../watcher/testing/payments.ts'

const anvilUrl = inject('anvilUrl')
const payer = devAccounts[1]!
let app: TestApp
let cookie: string
beforeAll(async () => {
  app = await startTestApp({ anvilUrl, rateLimitPerMinute: 0 })
  cookie = (await signIn(app.url, alice)).cookie
}, 60_000)
afterAll(async () => app?.close())

type Refund = {
  to: string
  reference: Hex
  transfers: { txHash: string; amount: string; to: string }[]
  transaction: { to: Hex; value: string; data: Hex }
}
const FIELDS = 'to reference transfers { txHash amount to } transaction { to value data }'
const prepare = (requestId: string, amount: string, to?: string) =>
  graphql<{ prepareRefund: Refund }>(
    app.url,
    `mutation($r: String!, $a: String!, $to: String) { prepareRefund(requestId: $r, amount: $a, to: $to) { ${FIELDS} } }`,
    { variables: { r: requestId, a: amount, to }, cookie },
  )
const requestOf = async (id: string) =>
  (
    await graphql<{ paymentRequest: { received: string; refunded: string; refundStatus: string; refunds: Refund[] } }>(
      app.url,
      `query($id: String!) { paymentRequest(id: $id) { received refunded refundStatus refunds { ${FIELDS} } } }`,
      { variables: { id }, cookie },
    )
  ).data!.paymentRequest

/** A request of alice's for 4 USDC, paid in full by the payer, confirmed. */
async function paidRequest() {
  const request = await createRequest(app.url, cookie, alice, { amount: '4' })
  await pay(anvilUrl, { from: 1, to: alice.address, amount: 4_000_000n, reference: request.reference })
  await expect.poll(async () => (await requestOf(request.id)).received, { timeout: 15_000 }).toBe('4000000')
  return request
}

describe('whom a refund goes to', () => {
  it('refuses the payee’s own address, the token’s contract and a broken checksum, naming the field; takes an address in lower case', async () => {
    const request = await paidRequest()
    const refusal = async (to: string) => {
      const response = await prepare(request.id, '1', to)
      expect(response.data?.prepareRefund).toBeUndefined()
      const error = response.errors![0]!
      return { code: error.extensions!.code, field: error.extensions!.field, message: error.message }
    }
    // Where the money would reach no one: the payee's own address (in any case), the token's contract.
    expect(await refusal(alice.address.toLowerCase())).toEqual({
      code: 'BAD_USER_INPUT',
      field: 'to',
      message: expect.stringContaining("payee's own address"),
    })
    expect(await refusal(DEV_USDC_ADDRESS)).toEqual({
      code: 'BAD_USER_INPUT',
      field: 'to',
      message: expect.stringContaining("USDC token's own contract"),
    })
    // One letter's case flipped: no longer the address's EIP-55 checksum, so possibly mistyped.
    const exchange = devAccounts[7]!
    const at = exchange.search(/[a-f]/)
    const flipped = `${exchange.slice(0, at)}${exchange[at]!.toUpperCase()}${exchange.slice(at + 1)}`
    expect(await refusal(flipped)).toEqual({
      code: 'BAD_USER_INPUT',
      field: 'to',
      message: expect.stringContaining('broken checksum'),
    })
    expect((await requestOf(request.id)).refunds).toEqual([])
    // Written all in lower case an address carries no checksum, and is taken.
    expect((await prepare(request.id, '1', exchange.toLowerCase())).data!.prepareRefund.to).toBe(exchange)
  })

  it('does not count a transfer the payee sends to itself with a refund’s reference: the payer is not shown refunded', async () => {
    const request = await paidRequest()
    const prepared = (await prepare(request.id, '4')).data!.prepareRefund
    expect(prepared.to).toBe(payer)
    await pay(anvilUrl, { from: 0, to: alice.address, amount: 4_000_000n, reference: prepared.reference })
    // The real refund, mined after: once it is recorded, the watcher has read past the other.
    const { walletOf, publicClient } = chainClients(anvilUrl)
    const hash = await walletOf(0).sendTransaction({
      ...prepared.transaction,
      value: BigInt(prepared.transaction.value),
    })
    await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 })
    await expect.poll(async () => (await requestOf(request.id)).refundStatus, { timeout: 15_000 }).toBe('refunded')
    const after = await requestOf(request.id)
    expect(after.refunded).toBe('4000000')
    expect(after.refunds[0]!.transfers).toEqual([{ txHash: hash, amount: '4000000', to: payer }])
  })
})
