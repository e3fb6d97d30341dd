import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { zeroAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { alice, codes, graphql } from '../../api/testing/graphqlClient.ts'
import { rest } from '../../api/testing/merchantClient.ts'
import { devAccounts } from '../../chain/devnet/setUpDevChain.ts'
import { DEV_USDC_ADDRESS } from '../../chain/tokens.ts'
import { pay } from '../../watcher/testing/payments.ts'
import { NATIVE_ASSET } from '../../domain/paymentRequest.ts'
import { useRefundsApp } from './testing/refundsApp.ts'

const { env, prepare, requestOf, send, paidRequest } = useRefundsApp()
const payer = devAccounts[1]!

describe('refunds', () => {
  it('refunds just the excess of an overpayment to the address that paid, recorded from the chain', async () => {
    const request = await paidRequest(10_000_000n, 12_500_000n)
    expect((await requestOf(request.id)).status).toBe('overpaid')
    const prepared = (await prepare(request.id, '2.5')).data!.prepareRefund
    expect(prepared).toMatchObject({ to: payer, amount: '2500000', state: 'awaiting_transfer', transfers: [] })
    expect(prepared.transaction).toMatchObject({
      chainId: 31337,
      from: alice.address,
      to: DEV_USDC_ADDRESS,
      value: '0x0',
    })
    expect(prepared.transaction.data.endsWith(prepared.reference.slice(2))).toBe(true)
    // Prepared is not refunded: only the chain says so.
    expect((await requestOf(request.id)).refundStatus).toBe('none')
    const hash = await send(prepared)
    await expect
      .poll(async () => (await requestOf(request.id)).refundStatus, { timeout: 15_000 })
      .toBe('partly_refunded')
    const after = await requestOf(request.id)
    expect(after).toMatchObject({ status: 'overpaid', received: '12500000', refunded: '2500000' })
    expect(after.refunds[0]).toMatchObject({
      state: 'refunded',
      transfers: [{ txHash: hash, amount: '2500000', to: payer }],
    })
    await expect.poll(() => env.receiver.events('payment_request.refunded').length, { timeout: 15_000 }).toBe(1)
    expect(env.receiver.events('payment_request.refunded')[0]!.json.data).toMatchObject({
      request: { id: request.id, refunded: '2500000', refundedDecimal: '2.5', refundStatus: 'partly_refunded' },
      refund: { id: prepared.id, txHash: hash, to: payer, amount: '2500000', amountDecimal: '2.5' },
    })
  })

  it('refunds all of a payment in the native coin, and a part of another to an address the payee types', async () => {
    const native = await paidRequest(10n ** 16n, 10n ** 16n, NATIVE_ASSET)
    const whole = (await prepare(native.id, '0.01')).data!.prepareRefund
    expect(whole.transaction).toMatchObject({ to: payer, value: '0x2386f26fc10000', data: whole.reference })
    await send(whole)
    await expect.poll(async () => (await requestOf(native.id)).refundStatus, { timeout: 15_000 }).toBe('refunded')
    const partial = await paidRequest(8_000_000n, 8_000_000n)
    const exchange = devAccounts[7]!
    const part = (await prepare(partial.id, '3', exchange)).data!.prepareRefund
    expect(part.to).toBe(exchange)
    await send(part)
    await expect.poll(async () => (await requestOf(partial.id)).refunded, { timeout: 15_000 }).toBe('3000000')
    expect((await requestOf(partial.id)).refundStatus).toBe('partly_refunded')
  })

  it('counts a refund sent outside Billfold with its reference, and not a transfer to the payer without it', async () => {
    const request = await paidRequest(4_000_000n, 4_000_000n)
    const prepared = (await prepare(request.id, '1')).data!.prepareRefund
    // The payer is paid back twice from the payee's wallet: once by hand, once with the reference.
    await pay(env.anvil.rpcUrl, { from: 0, to: payer, amount: 1_000_000n })
    await pay(env.anvil.rpcUrl, { from: 0, to: payer, amount: 1_000_000n, reference: prepared.reference })
    await expect.poll(async () => (await requestOf(request.id)).refunded, { timeout: 15_000 }).toBe('1000000')
    const plain = await paidRequest(2_000_000n, 2_000_000n)
    await prepare(plain.id, '2')
    await pay(env.anvil.rpcUrl, { from: 0, to: payer, amount: 2_000_000n })
    await pay(env.anvil.rpcUrl, { from: 2, to: payer, amount: 1n })
    // The watcher has read past both transfers: the request it was not tied to stays unrefunded.
    await expect.poll(async () => (await requestOf(request.id)).refunds.length).toBe(1)
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect((await requestOf(plain.id)).refunded).toBe('0')
  })

  it('refuses a second refund in flight that would exceed what was received, even when both are asked at once', async () => {
    const request = await paidRequest(5_000_000n, 5_000_000n)
    const both = await Promise.all([prepare(request.id, '3'), prepare(request.id, '3')])
    const refused = both.filter((r) => r.errors)
    expect(both.filter((r) => r.data).length).toBe(1)
    expect(codes(refused[0]!)).toEqual(['REFUND_EXCEEDS_RECEIVED'])
    expect(refused[0]!.errors![0]!.extensions!.field).toBe('amount')
    expect(refused[0]!.errors![0]!.message).toContain('2 USDC')
    // Cancelling the one in flight frees its amount.
    const held = both.find((r) => r.data)!.data!.prepareRefund
    await graphql(env.app.url, 'mutation($id: String!) { cancelRefund(id: $id) { state } }', {
      variables: { id: held.id },
      cookie: env.cookie,
    })
    expect((await prepare(request.id, '5')).data!.prepareRefund.amount).toBe('5000000')
  })

  it('prepares a refund over REST for a merchant’s server to hand to the payee’s wallet, and lists it once sent', async () => {
    const request = await paidRequest(7_000_000n, 7_000_000n)
    const path = `/payment-requests/${request.id}/refunds`
    const made = await rest(env.app.url, path, { method: 'POST', secret: env.apiKey, body: { amount: '7' } })
    expect(made.status).toBe(201)
    const document = (await rest(env.app.url, '/openapi.json')).body!
    const ajv = new Ajv2020({ strict: false })
    addFormats(ajv)
    const validate = ajv.compile({ components: document.components, $ref: '#/components/schemas/Refund' })
    expect(validate(made.body), JSON.stringify(validate.errors)).toBe(true)
    expect(made.body).toMatchObject({ state: 'awaiting_transfer', to: payer, amount: '7000000', transfers: [] })
    const { transaction } = made.body!
    await send({ transaction: { ...transaction, value: `0x${BigInt(transaction.value).toString(16)}` } })
    await expect
      .poll(async () => (await rest(env.app.url, path, { secret: env.apiKey })).body!.data[0].state, {
        timeout: 15_000,
      })
      .toBe('refunded')
    const listed = (await rest(env.app.url, path, { secret: env.apiKey })).body!.data[0]
    expect(validate(listed)).toBe(true)
    expect(listed.transfers).toMatchObject([{ to: payer, amount: '7000000', amountDecimal: '7' }])
    expect((await rest(env.app.url, `/payment-requests/${request.id}`, { secret: env.apiKey })).body).toMatchObject({
      refunded: '7000000',
      refundStatus: 'refunded',
    })
    const number = await rest(env.app.url, path, { method: 'POST', secret: env.apiKey, body: { amount: 1 } })
    expect(number.status).toBe(400)
    expect(number.body!.error.field).toBe('amount')
    const over = await rest(env.app.url, path, { method: 'POST', secret: env.apiKey, body: { amount: '0.000001' } })
    expect(over.status).toBe(409)
    expect(over.body!.error.code).toBe('REFUND_EXCEEDS_RECEIVED')
  })

  it('refuses bad refunds, naming the field, and prepares nothing', async () => {
    const request = await paidRequest(3_000_000n, 3_000_000n)
    const refusal = async (amount: string, to?: string) => {
      const response = await prepare(request.id, amount, to)
      expect(response.data?.prepareRefund).toBeUndefined()
      const error = response.errors![0]!
      return { code: error.extensions!.code, field: error.extensions!.field, message: error.message }
    }
    expect(await refusal('0')).toMatchObject({ code: 'BAD_USER_INPUT', field: 'amount' })
    expect(await refusal('3.000001')).toMatchObject({ code: 'REFUND_EXCEEDS_RECEIVED', field: 'amount' })
    expect(await refusal('1', zeroAddress)).toMatchObject({ code: 'BAD_USER_INPUT', field: 'to' })
    expect(await refusal('1', '0x1234')).toMatchObject({ code: 'BAD_USER_INPUT', field: 'to' })
    const native = await paidRequest(10n ** 15n, 10n ** 15n, NATIVE_ASSET)
    // The token contract takes no ETH: the node's run of the refund says so before anything is stored.
    const rejects = await prepare(native.id, '0.001', DEV_USDC_ADDRESS)
    expect(rejects.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'to' })
    expect(rejects.errors![0]!.message).toContain('does not accept')
    expect((await requestOf(request.id)).refunds).toEqual([])
    expect((await requestOf(native.id)).refunds).toEqual([])
  })
})
