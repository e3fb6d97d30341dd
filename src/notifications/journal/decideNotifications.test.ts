import { describe, expect, it } from 'vitest'
import { requestAsLeftKey, type JournalEntry, type JournalRow } from '../../db/changeJournal/journalEntries.ts'
import { WEBHOOK_EVENT_TYPES } from '../webhooks/webhookEvents.ts'
import { decideNotifications } from './decideNotifications.ts'
import type { NotificationFacts } from './notifications.ts'
import { epochText } from './settingNotifications.ts'

const ALICE = '0xA11CE00000000000000000000000000000000001'
const AT = '2026-11-26T13:48:08.123456+00:00'

const request = (fields: JournalRow = {}): JournalRow => ({
  id: 'req_1',
  payee: ALICE,
  status: 'pending',
  amount: '1000000',
  received: '0',
  refunded: '0',
  created_block: '12',
  decimals: 6,
  asset: '0xToken',
  symbol: 'USDC',
  priced_request_id: null,
  schedule_id: null,
  ...fields,
})

let nextId = 1
const entry = (
  table: JournalEntry['table'],
  operation: JournalEntry['operation'],
  old: JournalRow | null,
  row: JournalRow | null,
): JournalEntry => ({
  id: nextId++,
  tx: '700',
  table,
  operation,
  old,
  new: row,
  at: AT,
})

/** A payee listening for everything, by webhook and e-mail; `overrides` replaces any part. */
const facts = (overrides: Partial<NotificationFacts> = {}): NotificationFacts => ({
  requests: new Map(),
  endpoints: new Map([[ALICE, [{ id: 'we_1', events: [...WEBHOOK_EVENT_TYPES] }]]]),
  notices: new Map([
    [ALICE, ['paid', 'partially_paid', 'overpaid', 'expired', 'unmatched', 'refunded', 'relayer_paused']],
  ]),
  payerEmails: new Map(),
  schedulePayers: new Map(),
  ...overrides,
})

const statusChange = (from: string, to: string, fields: JournalRow = {}) =>
  entry('payment_requests', 'UPDATE', request({ status: from, ...fields }), request({ status: to, ...fields }))

describe('what follows a request made or changed', () => {
  it('reports a request made, announces it with its payee, and sends nothing else', () => {
    const made = entry('payment_requests', 'INSERT', null, request())
    expect(decideNotifications([made], facts())).toEqual({
      webhooks: [
        {
          payee: ALICE,
          type: 'payment_request.created',
          requestId: 'req_1',
          payload: { request: request() },
          at: AT,
          endpointIds: ['we_1'],
        },
      ],
      emails: [],
      live: [{ channel: 'billfold_request_updated', payload: `req_1 ${ALICE}` }],
    })
  })

  it.each(['paid', 'partially_paid', 'overpaid', 'expired', 'cancelled'])(
    'reports a request that became %s, with the request as the change left it',
    (status) => {
      const { webhooks } = decideNotifications([statusChange('pending', status)], facts())
      expect(webhooks).toEqual([
        {
          payee: ALICE,
          type: `payment_request.${status}`,
          requestId: 'req_1',
          payload: { request: request({ status }) },
          at: AT,
          endpointIds: ['we_1'],
        },
      ])
    },
  )

  it.each(['paid', 'partially_paid', 'overpaid', 'expired'])(
    'tells the payee by e-mail that a request became %s, once (its key)',
    (status) => {
      expect(decideNotifications([statusChange('pending', status)], facts()).emails).toEqual([
        {
          dedupeKey: `${status}:req_1`,
          kind: status,
          payee: ALICE,
          toAddress: null,
          language: null,
          requestId: 'req_1',
          payload: null,
        },
      ])
    },
  )

  it('sends no e-mail for a cancelled request, nor a status the payee does not hear', () => {
    expect(decideNotifications([statusChange('pending', 'cancelled')], facts()).emails).toEqual([])
    expect(
      decideNotifications([statusChange('pending', 'paid')], facts({ notices: new Map([[ALICE, ['expired']]]) }))
        .emails,
    ).toEqual([])
  })

  it.each(['paid', 'overpaid'])('sends a receipt to each address its payers left when a request is %s', (status) => {
    const payerEmails = new Map([['req_1', [{ address: 'Ada@Example.com', language: 'de' }]]])
    const { emails } = decideNotifications(
      [statusChange('pending', status)],
      facts({ notices: new Map(), payerEmails }),
    )
    expect(emails).toEqual([
      {
        dedupeKey: 'receipt:req_1:ada@example.com',
        kind: 'receipt',
        payee: null,
        toAddress: 'Ada@Example.com',
        language: 'de',
        requestId: 'req_1',
        payload: null,
      },
    ])
  })

  it('sends no receipt for a partial payment', () => {
    const payerEmails = new Map([['req_1', [{ address: 'ada@example.com', language: 'en' }]]])
    expect(
      decideNotifications([statusChange('pending', 'partially_paid')], facts({ notices: new Map(), payerEmails }))
        .emails,
    ).toEqual([])
  })

  it('announces any other change, and reports nothing when the status stayed', () => {
    const received = entry('payment_requests', 'UPDATE', request(), request({ received: '5' }))
    expect(decideNotifications([received], facts())).toEqual({
      webhooks: [],
      emails: [],
      live: [{ channel: 'billfold_request_updated', payload: `req_1 ${ALICE}` }],
    })
  })

  it('sends a schedule’s new period to each of its payers, keyed by address', () => {
    const made = entry('payment_requests', 'INSERT', null, request({ schedule_id: 'sch_1' }))
    const schedulePayers = new Map([
      [
        'sch_1',
        [
          { address: 'Bob@Example.com', language: 'fr' },
          { address: 'eve@example.com', language: 'en' },
        ],
      ],
    ])
    expect(
      decideNotifications([made], facts({ schedulePayers })).emails.map((e) => [
        e.dedupeKey,
        e.kind,
        e.toAddress,
        e.language,
      ]),
    ).toEqual([
      ['scheduled:req_1:bob@example.com', 'scheduled', 'Bob@Example.com', 'fr'],
      ['scheduled:req_1:eve@example.com', 'scheduled', 'eve@example.com', 'en'],
    ])
  })

  it('neither reports nor announces a quote’s own request as made, and reports none of its statuses', () => {
    const quote = { priced_request_id: 'req_priced', id: 'req_quote' }
    expect(decideNotifications([entry('payment_requests', 'INSERT', null, request(quote))], facts())).toEqual({
      webhooks: [],
      emails: [],
      live: [],
    })
    const paid = decideNotifications([statusChange('pending', 'paid', quote)], facts())
    expect(paid.webhooks).toEqual([])
    expect(paid.emails).toEqual([])
    expect(paid.live).toEqual([{ channel: 'billfold_request_updated', payload: `req_quote ${ALICE}` }])
  })

  it('writes no event for a payee without an endpoint listening for it, and one for the endpoints that do', () => {
    const endpoints = new Map([
      [
        ALICE,
        [
          { id: 'we_1', events: ['payment.detected'] },
          { id: 'we_2', events: ['payment_request.paid'] },
        ],
      ],
    ])
    expect(decideNotifications([statusChange('pending', 'expired')], facts({ endpoints })).webhooks).toEqual([])
    expect(
      decideNotifications([statusChange('pending', 'paid')], facts({ endpoints })).webhooks.map((w) => w.endpointIds),
    ).toEqual([['we_2']])
  })
})

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

describe('what follows a relayer paused or a schedule authorised', () => {
  const relayer = (pausedAt: string | null): JournalRow => ({
    payee: ALICE,
    chain_id: 31337,
    address: '0xRe1a',
    revert_budget: 3,
    paused_at: pausedAt,
    paused_reason: pausedAt ? '3 relays reverted within the hour' : null,
  })

  it('tells the payee once per pause, by e-mail and webhook, with the relayer as written', () => {
    const paused = entry('relayers', 'UPDATE', relayer(null), relayer(AT))
    expect(decideNotifications([paused], facts())).toEqual({
      webhooks: [
        {
          payee: ALICE,
          type: 'relayer.paused',
          requestId: '',
          payload: {
            relayer: {
              chainId: 31337,
              address: '0xRe1a',
              reason: '3 relays reverted within the hour',
              revertBudget: 3,
              pausedAt: AT,
            },
            message: '3 relays reverted within the hour',
          },
          at: AT,
          endpointIds: ['we_1'],
        },
      ],
      emails: [
        {
          dedupeKey: `relayer_paused:0xRe1a:${epochText(AT)}`,
          kind: 'relayer_paused',
          payee: ALICE,
          toAddress: null,
          language: null,
          requestId: null,
          payload: { chain: '31337', address: '0xRe1a', reason: '3 relays reverted within the hour' },
        },
      ],
      live: [],
    })
  })

  it('says nothing when a relayer resumes or was paused already', () => {
    expect(decideNotifications([entry('relayers', 'UPDATE', relayer(AT), relayer(null))], facts())).toEqual({
      webhooks: [],
      emails: [],
      live: [],
    })
    expect(decideNotifications([entry('relayers', 'UPDATE', relayer(AT), relayer(AT))], facts())).toEqual({
      webhooks: [],
      emails: [],
      live: [],
    })
  })

  it('keys a pause by its time as PostgreSQL prints its epoch', () => {
    expect(epochText('2026-11-26T13:48:08.12+00:00')).toBe('1795700888.120000')
    expect(epochText('2026-11-26T13:48:08+00:00')).toBe('1795700888.000000')
    expect(epochText('2026-11-26T15:48:08.5+02:00')).toBe('1795700888.500000')
  })

  it('wakes the schedule issuers for a schedule authorised or resumed, not one paused or stopped', () => {
    const schedule = (fields: JournalRow) =>
      entry('schedules', 'UPDATE', null, {
        id: 'sch_1',
        activated_at: AT,
        paused_at: null,
        stopped_at: null,
        ...fields,
      })
    expect(decideNotifications([schedule({})], facts()).live).toEqual([
      { channel: 'billfold_schedules', payload: 'sch_1' },
    ])
    expect(
      decideNotifications(
        [schedule({ paused_at: AT }), schedule({ stopped_at: AT }), schedule({ activated_at: null })],
        facts(),
      ).live,
    ).toEqual([])
  })
})
