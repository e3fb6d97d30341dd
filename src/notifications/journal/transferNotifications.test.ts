import { describe, expect, it } from 'vitest'
import { requestAsLeftKey, type JournalEntry, type JournalRow } from '../../db/changeJournal/journalEntries.ts'
import { decideNotifications } from './decideNotifications.ts'
import { ALICE, AT, entry, facts, request } from './testing/journalFixtures.ts'

describe('what follows a payment, a refund or an unmatched transfer', () => {
  const payment: JournalRow = {
    chain_id: 31337,
    tx_hash: '0xtx',
    log_index: 2,
    request_id: 'req_1',
    amount: '1000000',
    block_number: '40',
  }
  const asLeft = (e: JournalEntry, ...rows: JournalRow[]) =>
    new Map(rows.map((r) => [requestAsLeftKey(e.id, String(r.id)), r]))

  it.each([
    ['INSERT', 'payment.detected'],
    ['DELETE', 'payment.reverted'],
  ] as const)('reports a payment %s as %s with its request as the transaction left it', (operation, type) => {
    const e = entry(
      'payments',
      operation,
      operation === 'DELETE' ? payment : null,
      operation === 'INSERT' ? payment : null,
    )
    const paid = request({ status: 'paid', received: '1000000' })
    const { webhooks, live } = decideNotifications([e], facts({ requests: asLeft(e, paid) }))
    expect(webhooks).toEqual([
      {
        payee: ALICE,
        type,
        requestId: 'req_1',
        payload: { request: paid, payment: { ...payment, asset: '0xToken', symbol: 'USDC', decimals: 6 } },
        at: AT,
        endpointIds: ['we_1'],
      },
    ])
    expect(live).toEqual([{ channel: 'billfold_request_updated', payload: `req_1 ${ALICE}` }])
  })

  it('reports a quote’s payment as its priced request’s, naming the token it was paid in', () => {
    const e = entry('payments', 'INSERT', null, { ...payment, request_id: 'req_quote' })
    const quote = request({
      id: 'req_quote',
      priced_request_id: 'req_priced',
      asset: '0xWeth',
      symbol: 'WETH',
      decimals: 18,
    })
    const priced = request({ id: 'req_priced', asset: 'USD', symbol: 'USD', decimals: 2 })
    const [event] = decideNotifications([e], facts({ requests: asLeft(e, quote, priced) })).webhooks
    expect(event).toMatchObject({
      requestId: 'req_priced',
      payload: { request: priced, payment: { asset: '0xWeth', symbol: 'WETH', decimals: 18 } },
    })
  })

  it('reports a refund found (and e-mails the payee) and a refund dropped by a reorg', () => {
    const refund: JournalRow = {
      chain_id: 31337,
      tx_hash: '0xrf',
      log_index: 0,
      request_id: 'req_1',
      refund_id: 'rf_1',
      to_address: '0xPayer',
      amount: '250',
      block_number: '50',
    }
    const found = entry('refund_transfers', 'INSERT', null, refund)
    const dropped = entry('refund_transfers', 'DELETE', refund, null)
    const requests = new Map([...asLeft(found, request({ refunded: '250' })), ...asLeft(dropped, request())])
    const out = decideNotifications([found, dropped], facts({ requests }))
    expect(out.webhooks.map((w) => [w.type, w.payload])).toEqual([
      ['payment_request.refunded', { request: request({ refunded: '250' }), refund }],
      ['refund.reverted', { request: request(), refund }],
    ])
    expect(out.emails).toEqual([
      {
        dedupeKey: 'refunded:31337:0xrf:0',
        kind: 'refunded',
        payee: ALICE,
        toAddress: null,
        language: null,
        requestId: 'req_1',
        payload: { txHash: '0xrf', amount: '250', to: '0xPayer' },
      },
    ])
  })

  it('e-mails the payee of an unmatched transfer, and reports nothing', () => {
    const transfer = entry('unmatched_transfers', 'INSERT', null, { id: 'ut_1', payee: ALICE, amount: '7' })
    expect(decideNotifications([transfer], facts())).toEqual({
      webhooks: [],
      emails: [
        {
          dedupeKey: 'unmatched:ut_1',
          kind: 'unmatched',
          payee: ALICE,
          toAddress: null,
          language: null,
          requestId: null,
          payload: { transferId: 'ut_1' },
        },
      ],
      live: [],
    })
  })
})
