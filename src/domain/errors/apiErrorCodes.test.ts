import { readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ApiError } from './apiError.ts'
import { apiErrorClasses, apiErrorCodes } from './apiErrorCodes.ts'

const domainFiles = readdirSync(import.meta.dirname).filter(
  (name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && !['apiError.ts', 'apiErrorCodes.ts'].includes(name),
)

describe('the typed errors', () => {
  it('lists every error class of every domain file, so each transport maps its code', async () => {
    for (const name of domainFiles) {
      const module = (await import(/* @vite-ignore */ new URL(name, import.meta.url).href)) as Record<string, unknown>
      for (const [exported, value] of Object.entries(module))
        if (typeof value === 'function' && value.prototype instanceof ApiError)
          expect(apiErrorClasses, `${exported} in ${name}`).toContain(value)
    }
  })

  it('gives each class its own code, carried by every instance with its name, sentence, field and cause', () => {
    expect(new Set(apiErrorCodes).size).toBe(apiErrorClasses.length)
    const cause = new Error('below')
    for (const ErrorClass of apiErrorClasses) {
      const error = new ErrorClass({ shortMessage: 'What went wrong.', field: 'amount', details: 'why', cause })
      expect(error).toBeInstanceOf(ApiError)
      expect(error.code).toBe(ErrorClass.code)
      expect(ErrorClass.code).toMatch(/^[A-Z][A-Z0-9_]+$/)
      expect(error.name).toBe(ErrorClass.name)
      expect(error.shortMessage).toBe('What went wrong.')
      expect(error.message).toBe('What went wrong.\nDetails: why')
      expect(error.field).toBe('amount')
      expect(error.walk()).toBe(cause)
    }
  })
})
