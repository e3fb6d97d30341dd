import { errors, json, ref } from './openApiParts.ts'

/** The payer-list path of the OpenAPI document: a payee's link to a payer's open requests. */
export const payerListPaths = {
  '/payer-lists': {
    post: {
      summary: 'The link listing the payee’s open requests for one payer',
      description:
        'Needs `requests:write`. The same link each time for the same payer; the payer opens it to pay them together in one confirmation. Whoever holds the link sees the requests it lists.',
      requestBody: {
        required: true,
        content: json({
          type: 'object',
          required: ['payer'],
          additionalProperties: false,
          properties: { payer: { type: 'string', description: 'The payer’s address.' } },
        }),
      },
      responses: {
        '200': { description: 'The link, with the requests it lists now.', content: json(ref('PayerList')) },
        ...errors,
      },
    },
  },
}

export const payerListSchemas = {
  PayerList: {
    type: 'object',
    required: ['id', 'payee', 'payer', 'url', 'requests'],
    properties: {
      id: { type: 'string', description: 'The link’s secret: whoever holds it sees the list.' },
      payee: { type: 'string' },
      payer: { type: 'string' },
      url: {
        type: 'string',
        format: 'uri',
        description: 'The page where the payer pays them: /pay-several?list=<id>.',
      },
      requests: {
        type: 'array',
        description: 'The payee’s requests made for this payer that can still be paid, newest first (at most 50).',
        items: ref('PaymentRequest'),
      },
    },
  },
}
