import { describe, expect, it } from 'vitest'
import { apiErrorCodes } from '../../domain/errors/apiErrorCodes.ts'
import { REST_STATUS } from './restErrors.ts'

describe('the REST status table', () => {
  it('gives every error code an HTTP error status, and lists no code that is gone', () => {
    for (const code of apiErrorCodes)
      expect([400, 401, 403, 404, 405, 409, 413, 415, 429, 503], code).toContain(REST_STATUS[code])
    expect(Object.keys(REST_STATUS).sort()).toEqual([...apiErrorCodes].sort())
  })
})
