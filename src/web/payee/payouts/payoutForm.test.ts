import { describe, expect, it } from 'vitest'
import { formatAmount } from '../../../domain/amount.ts'
import { addCsvLines, emptyRow } from './payoutForm.ts'

const USDC = { address: '0x5FbDB2315678afecb367f032d93F642f64180aa3' as const, symbol: 'USDC', decimals: 6 }
const to = '0x976EA74026E726554dB657fA54763abd0C3a0aa9'

describe('a payout file added to the form', () => {
  it('keeps the typed lines, drops the blank one and writes amounts the payee’s way', () => {
    const typed = { ...emptyRow('USDC'), address: to, amount: '1,25' }
    const added = addCsvLines(
      [typed, emptyRow('USDC')],
      `address,amount,token,note\n${to},2.5,usdc,March\n`,
      [USDC],
      (v, d) => formatAmount(v, d).replace('.', ','),
    )
    expect(
      'rows' in added && added.rows.map(({ address, amount, token, note }) => ({ address, amount, token, note })),
    ).toEqual([
      { address: to, amount: '1,25', token: 'USDC', note: '' },
      { address: to, amount: '2,5', token: 'USDC', note: 'March' },
    ])
  })

  it('changes nothing when a row cannot be read, and names that row', () => {
    const added = addCsvLines([emptyRow('USDC')], `${to},1,USDC,a\n${to},2,USDC,b,c\n`, [USDC], String)
    expect(added).toEqual({ problems: [expect.objectContaining({ row: 2, kind: 'columns' })] })
  })

  it('keeps an amount it cannot read as it was, for its field to say why', () => {
    const added = addCsvLines([], `${to},0x1,USDC,\n`, [USDC], String)
    expect('rows' in added && added.rows[0]!.amount).toBe('0x1')
  })
})
