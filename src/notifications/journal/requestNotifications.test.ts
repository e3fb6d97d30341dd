import { describe, expect, it } from 'vitest'
import { decideNotifications } from './decideNotifications.ts'
import { ALICE, AT, entry, facts, request, statusChange } from './testing/journalFixtures.ts'

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
