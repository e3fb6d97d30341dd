import type { Address, Hash, Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { newPaymentReference } from '../../domain/paymentReference.ts'
import { referencedTransferData } from '../../domain/paymentTransaction.ts'
import type { DueRequest } from '../../payments/repository/dueRequests.ts'
import type { CandidateRequest } from '../../payments/repository/watchedRequests.ts'
import type { TimedTransfer } from '../read/watcherEvents.ts'
import { matchRange, type RangeMatchInput, type StoredTransfer } from './matchRange.ts'

const usdc: Address = '0xb111f01db111f01db111f01db111f01db111f01d'
const payee: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const payer: Address = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'
const hash = (byte: string) => `0x${byte.repeat(32)}` as Hash

const transfer = (n: number, fields: Partial<TimedTransfer> & { reference?: Hex } = {}): TimedTransfer => ({
  asset: usdc,
  txHash: hash(n.toString(16).padStart(2, '0')),
  logIndex: 0,
  from: payer,
  to: payee,
  amount: 5n,
  blockNumber: 10n,
  blockHash: hash('bb'),
  blockTime: 1_700_000_000n,
  input: referencedTransferData(payee, fields.amount ?? 5n, fields.reference),
  ...fields,
})
const candidate = (id: string, reference: Hex): CandidateRequest => ({ id, asset: usdc, payee, payer: null, reference })
const due = (id: string, amount: bigint, createdBlock = 1n): DueRequest => ({
  id,
  asset: usdc,
  payee,
  payer: null,
  createdBlock,
  due: amount,
})
const stored = (t: TimedTransfer, requestId?: string): StoredTransfer => ({
  txHash: t.txHash,
  logIndex: t.logIndex,
  blockNumber: t.blockNumber,
  blockHash: t.blockHash,
  ...(requestId ? { requestId } : {}),
})
const match = ({ due = [], ...input }: Partial<RangeMatchInput> & { due?: DueRequest[] }) =>
  matchRange({
    transfers: [],
    candidates: new Map(),
    stored: { payments: [], unmatched: [] },
    canonical: new Map(),
    head: 20n,
    firstRequestBlock: () => 1n,
    ...input,
  }).withDue(due)

describe('matching a range', () => {
  it('pays by reference first, then by amount what carries none, and keeps the rest unmatched', () => {
    const reference = newPaymentReference()
    const byReference = transfer(1, { reference })
    const byAmount = transfer(2, { amount: 7n })
    const stray = transfer(3, { amount: 9n })
    const result = match({
      transfers: [byReference, byAmount, stray],
      candidates: new Map([[reference, candidate('r1', reference)]]),
      due: [due('r2', 7n)],
    })
    expect(result.payments.map((p) => [p.requestId, p.matchedBy])).toEqual([
      ['r1', 'reference'],
      ['r2', 'amount'],
    ])
    expect(result.unmatched.map((t) => t.txHash)).toEqual([stray.txHash])
  })

  it('keeps the class a transfer was first recorded with: an unmatched one stays so, a payment keeps its request', () => {
    const reference = newPaymentReference()
    const wasUnmatched = transfer(1, { reference })
    const wasPaid = transfer(2, { amount: 7n })
    const result = match({
      transfers: [wasUnmatched, wasPaid],
      candidates: new Map([[reference, candidate('r1', reference)]]),
      stored: { payments: [stored(wasPaid, 'assigned')], unmatched: [stored(wasUnmatched)] },
      due: [due('r2', 7n)],
    })
    // The reference it carries would pay r1 now, but it stays the unmatched transfer it was (left as stored).
    expect(result.payments.map((p) => [p.txHash, p.requestId])).toEqual([[wasPaid.txHash, 'assigned']])
    expect(result.vanishedUnmatched).toEqual([])
  })

  it('drops a stored transfer the read missed, unless its block is known to be canonical (a lagging log index)', () => {
    const gone = transfer(1)
    const lagging = transfer(2, { blockNumber: 11n, blockHash: hash('cc') })
    const result = match({
      stored: { payments: [stored(gone, 'r1')], unmatched: [stored(lagging)] },
      canonical: new Map([[11n, hash('cc')]]),
    })
    expect(result.vanishedPayments.map((t) => t.txHash)).toEqual([gone.txHash])
    expect(result.vanishedUnmatched).toEqual([])
  })

  it('ignores transfers from before the payee first asked for the asset, and a payee paying itself', () => {
    const early = transfer(1, { blockNumber: 5n, amount: 7n })
    const self = transfer(2, { from: payee })
    const result = match({
      transfers: [early, self],
      due: [due('r2', 7n)],
      firstRequestBlock: () => 8n,
    })
    expect(result).toEqual({ payments: [], unmatched: [], vanishedPayments: [], vanishedUnmatched: [] })
  })

  it('asks for open requests only for transfers that pay nothing by reference and are not recorded yet', () => {
    const reference = newPaymentReference()
    const referenced = transfer(1, { reference })
    const known = transfer(2, { amount: 7n })
    const fresh = transfer(3, { amount: 7n })
    const input = {
      transfers: [referenced, known, fresh],
      candidates: new Map([[reference, candidate('r1', reference)]]),
      stored: { payments: [], unmatched: [stored(known)] },
      canonical: new Map(),
      head: 20n,
      firstRequestBlock: () => 1n,
    }
    expect(matchRange(input).awaitingAmount).toEqual([fresh])
  })
})
