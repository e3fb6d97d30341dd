import { describe, expect, it } from 'vitest'
import { apiErrorCodes } from '../../domain/errors/apiErrorCodes.ts'
import { REST_STATUS } from './restErrors.ts'

describe('the REST status table', () => {
  it('gives every error code an HTTP error status, and lists no code that is gone', () => {
    for (const code of apiErrorCodes) expect(String(REST_STATUS[code]), code).toMatch(/^[45]\d\d$/)
    expect(Object.keys(REST_STATUS).sort()).toEqual([...apiErrorCodes].sort())
  })
})
