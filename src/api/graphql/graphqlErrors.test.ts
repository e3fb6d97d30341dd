import { GraphQLError } from 'graphql'
import { describe, expect, it } from 'vitest'
import { apiErrorClasses, apiErrorCodes } from '../../domain/errors/apiErrorCodes.ts'
import { BadUserInputError } from '../../domain/errors/input.ts'
import { silentLogger } from '../../domain/logger.ts'
import { GRAPHQL_CODE, maskError } from './graphqlErrors.ts'

const options = { production: true, logger: silentLogger }

describe('the GraphQL code table', () => {
  it('gives every error code its extensions.code, and lists no code that is gone', () => {
    for (const code of apiErrorCodes) expect(GRAPHQL_CODE[code], code).toMatch(/^[A-Z][A-Z0-9_]+$/)
    expect(Object.keys(GRAPHQL_CODE).sort()).toEqual([...apiErrorCodes].sort())
  })

  it('answers each typed error with its code, field and sentence, as clients have always read them', () => {
    for (const ErrorClass of apiErrorClasses) {
      const thrown = new ErrorClass({ shortMessage: 'amount must be above 0.', field: 'amount', details: 'for logs' })
      const masked = maskError(new GraphQLError(thrown.message, { path: ['x'], originalError: thrown }), 'r1', options)
      expect(masked.message).toBe('amount must be above 0.')
      expect(masked.extensions).toEqual({ code: ErrorClass.code, field: 'amount' })
    }
  })

  it('carries the fields at fault and the problem with its figures, so a client says them in its own words', () => {
    const thrown = new BadUserInputError({
      shortMessage: 'You have 10 endpoints already: remove one first.',
      field: 'url',
      fields: { url: 'You have 10 endpoints already: remove one first.' },
      problem: 'tooMany',
      values: { max: 10 },
    })
    const masked = maskError(new GraphQLError(thrown.message, { path: ['x'], originalError: thrown }), 'r1', options)
    expect(masked.extensions).toEqual({
      code: 'BAD_USER_INPUT',
      field: 'url',
      fields: { url: 'You have 10 endpoints already: remove one first.' },
      problem: 'tooMany',
      values: { max: 10 },
    })
  })
})
