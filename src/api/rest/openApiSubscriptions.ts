import { error, errors, idParameter, json, ref } from './openApiParts.ts'
import { planBody, planSchema, subscriptionSchema } from './openApiSubscriptionSchemas.ts'

const list = (name: string) =>
  json({ type: 'object', required: ['data'], properties: { data: { type: 'array', items: ref(name) } } })

const change = (summary: string, description: string) => ({
  post: {
    summary,
    description: `Needs \`requests:write\`. ${description}`,
    parameters: [idParameter],
    responses: {
      '200': { description: 'The subscription.', content: json(ref('Subscription')) },
      ...errors,
      '404': error('No such subscription of this payee.'),
      '409': error('SUBSCRIPTION_ENDED: it was cancelled or ended for good.'),
    },
  },
})

/** The plan and subscription paths of the OpenAPI document. */
export const subscriptionPaths = {
  '/plans': {
    post: {
      summary: 'Make a plan that payers subscribe to',
      description:
        'Needs `requests:write`. Each period’s request is signed by the key’s delegate (which the payee’s wallet authorised); a payer starts the plan from its `url`, granting a periodic permission the chain enforces.',
      requestBody: { required: true, content: json(planBody) },
      responses: { '201': { description: 'Made.', content: json(ref('Plan')) }, ...errors },
    },
    get: {
      summary: 'List plans, newest first',
      description: 'Needs `requests:read`.',
      responses: { '200': { description: 'The plans.', content: list('Plan') }, ...errors },
    },
  },
  '/plans/{id}': {
    get: {
      summary: 'Read a plan',
      description: 'Needs `requests:read`.',
      parameters: [idParameter],
      responses: {
        '200': { description: 'The plan.', content: json(ref('Plan')) },
        ...errors,
        '404': error('No such plan of this payee.'),
      },
    },
    patch: {
      summary: 'Change a plan’s charge, name or dunning days, or archive it',
      description:
        'Needs `requests:write`. Only the fields sent change. A new amount (or a priced plan’s new price) is charged from each subscription’s next period; the period under way keeps what it asked. Above what a payer’s permission allows per period, that period is past due (`reasonCode` `above_cap`), nothing is sent, and the payer may pay it by hand or grant a new permission from the plan’s link. A new tolerance shapes the cap of permissions granted from then on.',
      parameters: [idParameter],
      requestBody: {
        required: true,
        content: json({
          type: 'object',
          additionalProperties: false,
          properties: {
            amount: { type: 'string', description: 'A token plan’s amount, a decimal in the token’s units.' },
            price: { type: 'string', description: 'A priced plan’s price per period, a decimal in its currency.' },
            tolerance: { type: 'string', description: 'A priced plan’s tolerance in percent (0 to 5).' },
            name: { type: 'string' },
            dunningDays: { type: 'array', items: { type: 'integer' }, description: 'e.g. [1, 3, 7].' },
            archived: { type: 'boolean' },
          },
        }),
      },
      responses: {
        '200': { description: 'The plan.', content: json(ref('Plan')) },
        ...errors,
        '404': error('No such plan of this payee.'),
      },
    },
  },
  '/subscriptions': {
    get: {
      summary: 'List subscribers, newest first, each with every period',
      description: 'Needs `requests:read`.',
      responses: { '200': { description: 'The subscriptions.', content: list('Subscription') }, ...errors },
    },
  },
  '/subscriptions.csv': {
    get: {
      summary: 'Export subscribers as CSV',
      description:
        'Needs `requests:read`. Columns: id, plan_id, payer, state, chain_id, symbol, period_cap, next_charge_at, periods_paid, periods_past_due, created_at.',
      responses: {
        '200': { description: 'The subscribers.', content: { 'text/csv': { schema: { type: 'string' } } } },
        ...errors,
      },
    },
  },
  '/subscriptions/{id}': {
    get: {
      summary: 'Read a subscription with each period',
      description: 'Needs `requests:read`.',
      parameters: [idParameter],
      responses: {
        '200': { description: 'The subscription.', content: json(ref('Subscription')) },
        ...errors,
        '404': error('No such subscription of this payee.'),
      },
    },
  },
  '/subscriptions/{id}/cancel': change(
    'Cancel a subscription',
    'No period is charged any more; the payer may also revoke their permission on chain.',
  ),
  '/subscriptions/{id}/pause': change(
    'Pause a subscription',
    'No period is charged while paused; periods that begin meanwhile are skipped.',
  ),
  '/subscriptions/{id}/resume': change('Resume a subscription', 'Charges again from the next period to begin.'),
}

export const subscriptionSchemas = { Plan: planSchema, Subscription: subscriptionSchema }
