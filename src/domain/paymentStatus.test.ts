import { describe, expect, it } from 'vitest'
import { paymentStatus } from './paymentStatus.ts'

const due = new Date('2026-12-01T00:00:00Z')
const before = new Date('2026-11-30T00:00:00Z')
const after = new Date('2026-12-02T00:00:00Z')
const request = { amount: 100n, dueAt: due, cancelledAt: null }
const pay = (amount: bigint, blockNumber: bigint, blockTime = before) => ({ amount, blockNumber, blockTime })
const at = (head: bigint, confirmations = 1, now = before) => ({ head, confirmations, now })

describe('paymentStatus', () => {
  it('is open with nothing received before the due date, expired after it', () => {
    expect(paymentStatus(request, [], at(10n))).toEqual({ status: 'open', received: 0n, paidAt: null })
    expect(paymentStatus(request, [], at(10n, 1, after)).status).toBe('expired')
  })

  it('is pending while a payment waits for its confirmations, then paid', () => {
    expect(paymentStatus(request, [pay(100n, 10n)], at(10n, 3))).toEqual({
      status: 'pending',
      received: 0n,
      paidAt: null,
    })
    expect(paymentStatus(request, [pay(100n, 10n)], at(12n, 3))).toEqual({
      status: 'paid',
      received: 100n,
      paidAt: before,
    })
  })

  it('sums partial payments: partially paid, then paid', () => {
    expect(paymentStatus(request, [pay(40n, 5n)], at(10n)).status).toBe('partially_paid')
    expect(paymentStatus(request, [pay(40n, 5n), pay(60n, 7n)], at(10n))).toMatchObject({
      status: 'paid',
      received: 100n,
    })
  })

  it('is overpaid past the amount, and keeps when it was first paid in full', () => {
    const t1 = new Date('2026-11-20T00:00:00Z')
    expect(paymentStatus(request, [pay(100n, 5n, t1), pay(1n, 7n)], at(10n))).toEqual({
      status: 'overpaid',
      received: 101n,
      paidAt: t1,
    })
  })

  it('records a payment after the due date as paid, with its late time', () => {
    expect(paymentStatus(request, [pay(100n, 5n, after)], at(10n, 1, after))).toEqual({
      status: 'paid',
      received: 100n,
      paidAt: after,
    })
  })

  it('stays cancelled', () => {
    expect(paymentStatus({ ...request, cancelledAt: before }, [], at(10n)).status).toBe('cancelled')
  })
})
