import { CHARGE_REASON_CODES } from '../../domain/subscription/chargeReason.ts'
// The shapes of plans and subscriptions as the REST API takes and answers them (publicSubscription.ts).
const text = { type: 'string' }
const nullableText = { type: ['string', 'null'] }
const time = { type: 'string', format: 'date-time' }
const interval = { type: 'string', enum: ['week', 'month', 'year'] }
const dunningDays = {
  type: 'array',
  items: { type: 'integer', minimum: 1 },
  description:
    'Days after a period’s first failed charge on which it is tried again; after the last, the subscription pauses.',
}

export const planBody = {
  type: 'object',
  additionalProperties: false,
  required: ['chainId', 'asset', 'name', 'interval'],
  properties: {
    chainId: { type: 'integer' },
    asset: { type: 'string', description: 'A token address from the chain’s assets (not the native coin).' },
    amount: {
      type: 'string',
      description: 'Each period’s charge, a decimal in the token’s units, e.g. "25.00"; or leave out and give a price.',
    },
    currency: {
      type: ['string', 'null'],
      description: 'A plan priced in this currency (e.g. "EUR"), paid in the token: each charge is quoted at its rate.',
    },
    price: { type: ['string', 'null'], description: 'Each period’s price in the currency, e.g. "20.00".' },
    tolerance: {
      type: ['string', 'null'],
      description: 'Percent (0 to 5) over the grant’s quote in the permission’s cap per period, e.g. "2".',
    },
    name: text,
    interval,
    trialDays: { type: ['integer', 'null'], minimum: 0, description: 'Days before the first charge.' },
    count: { type: ['integer', 'null'], minimum: 1, description: 'How many periods; leave out for until cancelled.' },
    endsOn: { type: ['string', 'null'], format: 'date', description: 'No period starts on or after this day (UTC).' },
    dunningDays: {
      ...dunningDays,
      type: ['array', 'null'],
      description: `${dunningDays.description} [1, 3, 7] unless given.`,
    },
  },
}

export const planSchema = {
  type: 'object',
  required: [
    'id',
    'name',
    'chainId',
    'asset',
    'symbol',
    'amount',
    'amountDecimal',
    'decimals',
    'currency',
    'price',
    'toleranceBps',
    'interval',
    'trialDays',
    'count',
    'endsOn',
    'dunningDays',
    'archived',
    'url',
    'createdAt',
  ],
  properties: {
    id: text,
    name: text,
    chainId: { type: 'integer' },
    asset: text,
    symbol: text,
    amount: { type: 'string', description: 'Each period’s charge, in base units; 0 for a priced plan.' },
    amountDecimal: text,
    decimals: { type: 'integer', description: 'The token’s decimals.' },
    currency: { type: ['string', 'null'], description: 'A priced plan’s currency (ISO 4217), else null.' },
    price: {
      type: ['string', 'null'],
      description: 'A priced plan’s price per period in minor units of `currency`, quoted in the token at each charge.',
    },
    toleranceBps: { type: 'integer', description: 'A priced plan’s headroom over the grant’s quote, in basis points.' },
    interval,
    trialDays: { type: 'integer' },
    count: { type: ['integer', 'null'], description: 'Null: until cancelled.' },
    endsOn: { type: ['string', 'null'], format: 'date' },
    dunningDays,
    archived: { type: 'boolean', description: 'Takes no new payers; its subscriptions go on.' },
    url: { type: 'string', format: 'uri', description: 'The link a payer starts the plan from.' },
    createdAt: time,
  },
}

export const subscriptionSchema = {
  type: 'object',
  required: [
    'id',
    'planId',
    'payee',
    'payer',
    'state',
    'chainId',
    'asset',
    'symbol',
    'periodCap',
    'periodCapDecimal',
    'interval',
    'nextChargeAt',
    'url',
    'createdAt',
    'charges',
  ],
  properties: {
    id: text,
    planId: text,
    payee: text,
    payer: text,
    state: {
      type: 'string',
      enum: ['active', 'past_due', 'paused', 'cancelled_by_payer', 'cancelled_by_payee', 'ended'],
    },
    chainId: { type: 'integer' },
    asset: text,
    symbol: text,
    periodCap: { type: 'string', description: 'The most the payer’s permission lets one period take, in base units.' },
    periodCapDecimal: text,
    interval,
    nextChargeAt: { ...time, type: ['string', 'null'], description: 'Null once it is no longer charged.' },
    url: { type: 'string', format: 'uri', description: 'The payer’s page.' },
    createdAt: time,
    charges: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: [
          'period',
          'periodStart',
          'amount',
          'amountDecimal',
          'state',
          'attempts',
          'nextTryAt',
          'reasonCode',
          'reasonParams',
          'reason',
          'requestId',
          'payRequestId',
          'payUrl',
        ],
        properties: {
          period: { type: 'integer', description: '1 for the first.' },
          periodStart: time,
          amount: { type: 'string', description: 'In base units.' },
          amountDecimal: text,
          state: {
            type: 'string',
            enum: ['due', 'charging', 'sent', 'paid', 'past_due', 'given_up', 'cancelled'],
          },
          attempts: { type: 'integer' },
          nextTryAt: { ...time, type: ['string', 'null'], description: 'The next try of a past-due period.' },
          reasonCode: {
            type: ['string', 'null'],
            enum: [...CHARGE_REASON_CODES, null],
            description: 'Why the last try could not charge.',
          },
          reasonParams: {
            type: ['object', 'null'],
            additionalProperties: false,
            properties: {
              details: { type: 'string', description: 'The chain’s or relayer’s diagnostic, in English.' },
            },
          },
          reason: { ...nullableText, description: 'The reason as an English sentence.' },
          requestId: text,
          payRequestId: {
            ...text,
            description:
              'The request to pay by hand: the period’s own, or for a priced plan’s past-due period a priced request quoted when the payer pays.',
          },
          payUrl: { type: 'string', format: 'uri', description: 'Where the period may be paid by hand.' },
        },
      },
    },
  },
}
