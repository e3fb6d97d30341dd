import type { Address, Hash } from 'viem'
import { describe, expect, it } from 'vitest'
import { newPaymentReference } from '../../domain/paymentReference.ts'
import { NATIVE_ASSET } from '../../domain/paymentRequest.ts'
import { refundTransaction } from '../../domain/refund.ts'
import type { WatchedRefund } from '../../payments/refunds/watchedRefunds.ts'
import type { TimedTransfer } from '../read/watcherEvents.ts'
import { matchRefunds } from './matchRefunds.ts'

const usdc: Address = '0xB111F01dB111f01dB111F01Db111f01dB111F01d'
const payee: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const payer: Address = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'
const hash = (byte: string) => `0x${byte.repeat(32)}` as Hash
const reference = newPaymentReference()
const refund: WatchedRefund = { id: 'rf1', requestId: 'rq1', payee, asset: usdc, reference }
const watched = new Map([[reference, refund]])

/** A transfer as the read stage hands it over, sent as Billfold prepared it unless changed. */
const sent = (fields: Partial<TimedTransfer> = {}): TimedTransfer => {
  const asset = fields.asset ?? usdc
  const to = fields.to ?? payer
  const amount = fields.amount ?? 2_500_000n
  return {
    asset,
    txHash: hash('aa'),
    logIndex: 3,
    from: payee,
    to,
    amount,
    blockNumber: 10n,
    blockHash: hash('bb'),
    blockTime: 1_700_000_000n,
    input: refundTransaction({ asset, to, amount, reference }).data,
    ...fields,
  }
}
const match = (transfers: TimedTransfer[], stored = [] as Parameters<typeof matchRefunds>[0]['stored']) =>
  matchRefunds({ transfers, watched, stored, canonical: new Map() })

describe('matching refunds', () => {
  it('takes a transfer from the payee carrying the reference, to whomever it went', () => {
    expect(match([sent()]).found).toMatchObject([{ refundId: 'rf1', requestId: 'rq1', amount: 2_500_000n }])
    expect(match([sent({ to: '0x0000000000000000000000000000000000000001' })]).found).toHaveLength(1)
  })

  it('leaves the reference sent by someone else, in another asset, or after another transfer call', () => {
    expect(match([sent({ from: payer })]).found).toEqual([])
    expect(match([sent({ asset: NATIVE_ASSET })]).found).toEqual([])
    // The logged amount is not the call's the reference follows: the reference is another transfer's.
    expect(match([{ ...sent(), amount: 1n }]).found).toEqual([])
    expect(match([sent({ input: '0x' })]).found).toEqual([])
  })

  it('leaves a transfer the payee sent to itself with the reference: nothing went back', () => {
    expect(match([sent({ to: payee })]).found).toEqual([])
    expect(match([sent({ to: payee.toLowerCase() as Address })]).found).toEqual([])
  })

  it('drops a recorded refund transfer the read no longer sees unless its block is known canonical', () => {
    const recorded = {
      txHash: hash('aa'),
      logIndex: 3,
      blockNumber: 10n,
      blockHash: hash('bb'),
      requestId: 'rq1',
      refundId: 'rf1',
    }
    expect(match([], [recorded]).vanished).toEqual([recorded])
    expect(
      matchRefunds({ transfers: [], watched, stored: [recorded], canonical: new Map([[10n, hash('bb')]]) }).vanished,
    ).toEqual([])
    // A refund no longer looked for is not weighed: its transfer stays recorded.
    expect(
      matchRefunds({ transfers: [], watched: new Map(), stored: [recorded], canonical: new Map() }).vanished,
    ).toEqual([])
  })
})
