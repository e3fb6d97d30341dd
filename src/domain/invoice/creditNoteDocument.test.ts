import { describe, expect, it } from 'vitest'
import { creditedTotals } from './creditNoteDocument.ts'
import type { InvoiceDocument } from './invoiceDocument.ts'

const invoice = (rates: { rate: string; net: string; tax: string }[]) => {
  const net = rates.reduce((s, r) => s + BigInt(r.net), 0n)
  const tax = rates.reduce((s, r) => s + BigInt(r.tax), 0n)
  return { totals: { rates, net: `${net}`, tax: `${tax}`, total: `${net + tax}` } } as InvoiceDocument
}
const sum = (values: string[]) => values.reduce((s, v) => s + BigInt(v), 0n)

describe('credited totals', () => {
  const eur = invoice([
    { rate: '1900', net: '100000', tax: '19000' },
    { rate: '700', net: '1333', tax: '93' },
    { rate: '0', net: '556', tax: '0' },
  ])

  it('takes back the whole invoice as its own totals, rate by rate', () => {
    expect(creditedTotals(eur, 120982n)).toEqual(eur.totals)
  })

  it('splits parts that add up to the whole exactly into the invoice’s totals, each part adding up to itself', () => {
    for (const parts of [
      [1n, 2n, 120979n],
      [40327n, 40327n, 40328n],
      [33333n, 7n, 87642n],
    ]) {
      let before = 0n
      const notes = parts.map((amount) => {
        const note = creditedTotals(eur, amount, before)
        before += amount
        expect(BigInt(note.total)).toBe(amount)
        expect(sum(note.rates.map((r) => r.net)) + sum(note.rates.map((r) => r.tax))).toBe(amount)
        return note
      })
      eur.totals.rates.forEach((rate, i) => {
        expect(sum(notes.map((n) => n.rates[i]!.net))).toBe(BigInt(rate.net))
        expect(sum(notes.map((n) => n.rates[i]!.tax))).toBe(BigInt(rate.tax))
      })
    }
  })

  it('refuses to take back more than is left of the invoice', () => {
    expect(() => creditedTotals(eur, 100n, 120900n)).toThrow(RangeError)
    expect(() => creditedTotals(eur, 0n)).toThrow(RangeError)
  })
})
