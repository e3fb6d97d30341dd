import { error, errors, idParameter, json, ref } from './openApiParts.ts'

const instant = (name: 'from' | 'to', description: string) => ({
  name,
  in: 'query',
  required: true,
  description,
  schema: { type: 'string', format: 'date-time' },
})

/** The till paths of the OpenAPI document: tills are set up in Billfold or with a `tills:manage` key. */
export const tillPaths = {
  '/tills': {
    get: {
      summary: 'List the payee’s working tills, newest first',
      description: 'Needs `sales:read`.',
      responses: {
        '200': {
          description: 'The tills.',
          content: json({
            type: 'object',
            required: ['data'],
            properties: { data: { type: 'array', items: ref('Till') } },
          }),
        },
        ...errors,
      },
    },
    post: {
      summary: 'Set up a till',
      description:
        'Needs `tills:manage`. Its sales are signed as the key’s requests are: by the key’s own delegate (revoking the key closes the till), or for a key a member made by the business’s members’ delegate.',
      requestBody: {
        required: true,
        content: json({
          type: 'object',
          required: ['name', 'chainId', 'asset'],
          additionalProperties: false,
          properties: {
            name: { type: 'string', description: 'As the cashier sees it, such as "Front counter".' },
            chainId: { type: 'integer' },
            asset: { type: 'string', description: 'The token a sale is paid in: its address or "native".' },
            currency: {
              type: ['string', 'null'],
              description: 'The shop’s currency ("EUR"); null to count in the token.',
            },
            items: {
              type: 'array',
              items: {
                type: 'object',
                required: ['name', 'price'],
                properties: {
                  name: { type: 'string' },
                  price: { type: 'string', description: 'A decimal, such as "3.50".' },
                },
              },
            },
            tips: {
              type: 'array',
              items: { type: 'string' },
              description: 'Tip choices in percent, such as ["10", "15"].',
            },
          },
        }),
      },
      responses: {
        '201': { description: 'Set up.', content: json(ref('Till')) },
        ...errors,
        '415': error('The body is not JSON.'),
      },
    },
  },
  '/tills/{id}/sales': {
    post: {
      summary: 'Charge a sale at a till',
      description:
        'Needs `sales:write`. Makes the request its payer pays, in the till’s token (priced at the feeds’ rate for a till in a shop currency), signed by the till’s own delegate; its amount is kept apart from the payee’s other open ones, so a plain transfer of `paymentUri`’s amount pays it. The till’s fixed link opens it.',
      parameters: [idParameter],
      requestBody: {
        required: true,
        content: json({
          type: 'object',
          required: ['amount'],
          additionalProperties: false,
          properties: {
            amount: { type: 'string', description: 'The subtotal, a decimal in the till’s unit, such as "12.50".' },
            tipBps: {
              type: ['integer', 'null'],
              description: 'One of the till’s tip choices, in basis points (1000 for 10 %).',
            },
            tip: { type: ['string', 'null'], description: 'Or a tip of any amount, a decimal in the till’s unit.' },
          },
        }),
      },
      responses: {
        '201': { description: 'Charged.', content: json(ref('TillSale')) },
        ...errors,
        '404': error('No working till of this payee with this id.'),
        '415': error('The body is not JSON.'),
        '503': error('QUOTE_UNAVAILABLE: no rate can be given for the till’s token now.'),
      },
    },
  },
  '/tills/{id}/report': {
    get: {
      summary: 'A till’s report between two instants (a cashier’s day)',
      description:
        'Needs `sales:read`. Every sale charged from `from` to `to` (at most two days), and the paid ones’ sums in the till’s unit and in the token.',
      parameters: [
        idParameter,
        instant('from', 'The span’s start, with its offset, such as 2026-11-27T00:00:00+01:00.'),
        instant('to', 'Its end, later than from.'),
      ],
      responses: {
        '200': { description: 'The report.', content: json(ref('TillReport')) },
        ...errors,
        '404': error('No working till of this payee with this id.'),
      },
    },
  },
}
