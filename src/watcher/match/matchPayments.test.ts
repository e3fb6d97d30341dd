import { concat, type Address, type Hash, type Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { referencedTransferData } from '../../domain/paymentTransaction.ts'
import { newPaymentReference } from '../../domain/paymentReference.ts'
import { NATIVE_ASSET } from '../../domain/paymentRequest.ts'
import { candidateReferences, matchByAmount, matchPayments, type IncomingTransfer } from './matchPayments.ts'
import type { DueRequest } from '../../payments/repository/dueRequests.ts'
import type { CandidateRequest } from '../../payments/repository/watchedRequests.ts'

const usdc: Address = '0xb111f01db111f01db111f01db111f01db111f01d'
const usdt: Address = '0xdAC17F958D2ee523a2206206994597C13D831ec7'
const payee: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const payer: Address = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'
const tx = `0x${'aa'.repeat(32)}` as Hash
const transfer = (amount: bigint, reference?: Hex) => referencedTransferData(payee, amount, reference)

const incoming = (fields: Partial<IncomingTransfer> & Pick<IncomingTransfer, 'input'>): IncomingTransfer => ({
  asset: usdc,
  txHash: tx,
  logIndex: 0,
  from: payer,
  to: payee,
  amount: 5n,
  blockNumber: 10n,
  blockHash: `0x${'bb'.repeat(32)}`,
  blockTime: 1n,
  ...fields,
})
const request = (id: string, fields: Partial<CandidateRequest> = {}): CandidateRequest => ({
  id,
  asset: usdc,
  payee,
  payer: null,
  reference: newPaymentReference(),
  ...fields,
})
const byReference = (...requests: CandidateRequest[]) => new Map(requests.map((r) => [r.reference, r]))
const paid = (...args: Parameters<typeof matchPayments>) => matchPayments(...args).payments

describe('matching transfers to requests', () => {
  it('pays each of two requests from a batch of two identical transfers, one log each', () => {
    const [a, b] = [request('a'), request('b')]
    const input = concat(['0x34fcd5be', transfer(5n, a.reference), transfer(5n, b.reference)])
    const transfers = [incoming({ input, logIndex: 0 }), incoming({ input, logIndex: 1 })]
    expect(candidateReferences(transfers).sort()).toEqual([a.reference, b.reference].sort())
    expect(paid(transfers, byReference(a, b)).map((p) => [p.logIndex, p.requestId])).toEqual([
      [0, 'a'],
      [1, 'b'],
    ])
  })

  it('gives a reference to the transfer of the request’s own token when two tokens move the same amount to the payee', () => {
    const [forUsdt, forUsdc] = [request('usdt', { asset: usdt }), request('usdc')]
    const input = concat(['0x34fcd5be', transfer(5n, forUsdt.reference), transfer(5n, forUsdc.reference)])
    const transfers = [incoming({ input, asset: usdc, logIndex: 0 }), incoming({ input, asset: usdt, logIndex: 1 })]
    expect(paid(transfers, byReference(forUsdt, forUsdc)).map((p) => [p.logIndex, p.requestId])).toEqual([
      [0, 'usdc'],
      [1, 'usdt'],
    ])
  })

  it('pays a request once per transfer: one reference after one call pays one log only', () => {
    const a = request('a')
    const input = transfer(5n, a.reference)
    expect(paid([incoming({ input, logIndex: 0 }), incoming({ input, logIndex: 1 })], byReference(a))).toHaveLength(1)
  })

  it('counts a payment only from the payer a request names, and only to its payee', () => {
    const named = request('named', { payer: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' })
    expect(paid([incoming({ input: transfer(5n, named.reference) })], byReference(named))).toEqual([])
    const elsewhere = request('elsewhere', { payee: payer })
    expect(paid([incoming({ input: transfer(5n, elsewhere.reference) })], byReference(elsewhere))).toEqual([])
  })

  it('matches a native call by the reference its data starts with, and not a token request’s reference', () => {
    const native = request('native', { asset: NATIVE_ASSET })
    const token = request('token')
    const call = (reference: Hex, logIndex: number) =>
      incoming({ asset: NATIVE_ASSET, input: concat([reference, '0x8021']), logIndex })
    expect(
      paid([call(native.reference, -3), call(token.reference, -4)], byReference(native, token)).map((p) => [
        p.logIndex,
        p.requestId,
      ]),
    ).toEqual([[-3, 'native']])
  })
})

describe('matching direct transfers by amount', () => {
  const due = (id: string, amount: bigint, fields: Partial<DueRequest> = {}): DueRequest => ({
    id,
    asset: usdc,
    payee,
    payer: null,
    createdBlock: 5n,
    due: amount,
    ...fields,
  })
  const plain = (amount: bigint, fields: Partial<IncomingTransfer> = {}) =>
    incoming({ input: transfer(amount), amount, ...fields })

  it('pays the one request whose due amount it equals, not one of another amount', () => {
    const { payments, unmatched } = matchByAmount([plain(5n)], [due('five', 5n), due('six', 6n)])
    expect(payments.map((p) => p.requestId)).toEqual(['five'])
    expect(unmatched).toEqual([])
  })

  it('leaves it unmatched when two requests are due the same amount, or none is, or the only one came after it', () => {
    expect(matchByAmount([plain(5n)], [due('a', 5n), due('b', 5n)]).unmatched).toHaveLength(1)
    expect(matchByAmount([plain(7n)], [due('a', 5n)]).unmatched).toHaveLength(1)
    expect(
      matchByAmount([plain(5n, { blockNumber: 5n })], [due('a', 5n, { createdBlock: 5n })]).unmatched,
    ).toHaveLength(1)
  })

  it('counts what is still due, in chain order: a second transfer of the amount finds the request paid', () => {
    const { payments, unmatched } = matchByAmount(
      [plain(5n, { logIndex: 2 }), plain(5n, { logIndex: 1 })],
      [due('a', 5n)],
    )
    expect(payments.map((p) => p.logIndex)).toEqual([1])
    expect(unmatched.map((t) => t.logIndex)).toEqual([2])
  })

  it('respects the payer a request names, and the asset', () => {
    expect(
      matchByAmount([plain(5n)], [due('a', 5n, { payer: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' })]).unmatched,
    ).toHaveLength(1)
    expect(matchByAmount([plain(5n)], [due('a', 5n, { asset: usdt })]).unmatched).toHaveLength(1)
  })
})

describe('transfers that are no payment', () => {
  it('never counts a payee’s transfer to itself, not even as unreferenced', () => {
    const a = request('a')
    expect(matchPayments([incoming({ input: transfer(5n, a.reference), from: payee })], byReference(a))).toEqual({
      payments: [],
      unreferenced: [],
    })
  })
})
