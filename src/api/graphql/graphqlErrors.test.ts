import { GraphQLError } from 'graphql'
import { describe, expect, it } from 'vitest'
import { apiErrorClasses, apiErrorCodes } from '../../domain/errors/apiErrorCodes.ts'
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
})
