// The pieces every path of the OpenAPI document is written with.
export const json = (schema: object) => ({ 'application/json': { schema } })
export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` })
export const error = (description: string) => ({ description, content: json(ref('Error')) })
export const errors = {
  '400': error('A field is wrong: `error.field` names it.'),
  '401': error('No valid API key (missing, unknown and revoked keys are not told apart).'),
  '403': error(
    'The key lacks the scope, or its delegation expired (DELEGATION_EXPIRED) or was never signed by the payee’s wallet (DELEGATION_MISSING).',
  ),
  '429': error('Too many requests with this key: see Retry-After.'),
  '503': error(
    'DATABASE_UNAVAILABLE: the database is failing over; a change is saved whole or not at all. Retry after Retry-After with the same Idempotency-Key.',
  ),
}
export const idParameter = { name: 'id', in: 'path', required: true, schema: { type: 'string' } }
