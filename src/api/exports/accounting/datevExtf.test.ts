import { describe, expect, it } from 'vitest'
import type { BookLine } from '../../../payments/books/bookLines.ts'
import { DEFAULT_SETTINGS } from '../../../payments/books/accountingSettings.ts'
import { datevExtf } from './datevExtf.ts'
import { moneyText, splitByWeights } from './moneyText.ts'

const line = (fields: Partial<BookLine>): BookLine => ({
  kind: 'payment',
  date: new Date('2026-11-03T12:00:00Z'),
  chainId: 1,
  txHash: `0x${'a'.repeat(64)}`,
  requestId: 'r1',
  document: 'RE 2026.7',
  invoiceNumber: null,
  counterparty: 'Zoë',
  memo: '',
  symbol: 'USDC',
  tokenAmount: '10',
  value: 1000n,
  rateSource: 'quote',
  taxShares: null,
  ...fields,
})
const range = { from: new Date('2026-11-01T00:00:00Z'), to: new Date('2026-12-01T00:00:00Z') }
const eur = { code: 'EUR', minorDigits: 2 }

describe('DATEV bookings', () => {
  it('leaves out a line not valued yet and counts it, as DATEV books nothing without an amount', () => {
    const { text, skipped } = datevExtf({
      settings: DEFAULT_SETTINGS,
      currency: eur,
      range,
      lines: [line({}), line({ value: null })],
      createdAt: new Date(),
    })
    expect(skipped).toBe(1)
    expect(text.split('\r\n')).toHaveLength(4)
  })

  it('writes a document number DATEV’s Belegfeld 1 takes, and a yen amount with two decimals', () => {
    const { text } = datevExtf({
      settings: { ...DEFAULT_SETTINGS, fiscalYearStart: 7, accountLength: 5 },
      currency: { code: 'JPY', minorDigits: 0 },
      range,
      lines: [line({ value: 1500n })],
      createdAt: new Date(),
    })
    const [header, , booking] = text.split('\r\n')
    // A fiscal year from July: November 2026 is in the one that began on 1 July 2026.
    expect(header!.split(';').slice(12, 14)).toEqual(['20260701', '5'])
    expect(booking!.split(';').slice(0, 11)).toEqual([
      '1500,00',
      '"S"',
      '"JPY"',
      '',
      '',
      '',
      '13600',
      '82000',
      '',
      '0311',
      '"RE-2026-7"',
    ])
  })
})

describe('money in export files', () => {
  it('writes minor units as plain decimals, signed, with a comma where asked', () => {
    expect(moneyText(-1860n, 2)).toBe('-18.60')
    expect(moneyText(5n, 2, { comma: true })).toBe('0,05')
    expect(moneyText(1500n, 0)).toBe('1500')
  })

  it('splits a value across weights so the shares add up to it exactly', () => {
    const shares = splitByWeights(12000n, [11900n, 1070n])
    expect(shares).toEqual([11010n, 990n])
    expect(splitByWeights(-1n, [1n, 1n, 1n]).reduce((a, b) => a + b, 0n)).toBe(-1n)
  })
})

describe('a DATEV batch’s size', () => {
  it('refuses more bookings than DATEV imports in one batch, naming the period', () => {
    const lines = Array.from({ length: 100_000 }, () => line({}))
    expect(() => datevExtf({ settings: DEFAULT_SETTINGS, currency: eur, range, lines, createdAt: new Date() })).toThrow(
      expect.objectContaining({ field: 'to', shortMessage: expect.stringContaining('99999') }),
    )
  })
})
