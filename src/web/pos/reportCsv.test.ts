import { describe, expect, it } from 'vitest'
import { reportCsv } from './reportCsv.ts'

const row = {
  at: '2026-11-27T09:15:00.000Z',
  saleId: 'S1',
  requestId: 'R1',
  status: 'paid',
  subtotal: '12.5',
  tip: '1.25',
  total: '13.75',
  received: '14.784',
  tipReceived: '1.344',
}

describe('the day report as CSV', () => {
  it('names the till’s unit and the token in its header and writes plain decimals', () => {
    expect(reportCsv([row], 'EUR', 'USDC')).toBe(
      'time,sale,request,status,subtotal_EUR,tip_EUR,total_EUR,received_USDC,tip_received_USDC\r\n' +
        '2026-11-27T09:15:00.000Z,S1,R1,paid,12.5,1.25,13.75,14.784,1.344\r\n',
    )
  })

  it('quotes a field with a comma or a quote and defuses a leading formula sign', () => {
    const csv = reportCsv([{ ...row, saleId: '=HYPERLINK("x")', requestId: 'a,b' }], 'EUR', 'USDC')
    expect(csv.split('\r\n')[1]).toBe(
      `2026-11-27T09:15:00.000Z,"'=HYPERLINK(""x"")","a,b",paid,12.5,1.25,13.75,14.784,1.344`,
    )
  })
})
