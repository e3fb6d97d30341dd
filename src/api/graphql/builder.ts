import SchemaBuilder from '@pothos/core'
import { isStorableInstant } from '../../domain/instant.ts'
import type { ApiContext } from './context.ts'

export const builder = new SchemaBuilder<{
  Context: ApiContext
  Scalars: { DateTime: { Input: Date; Output: Date } }
  DefaultFieldNullability: false
}>({ defaultFieldNullability: false })

builder.scalarType('DateTime', {
  description: 'An ISO-8601 date and time in UTC.',
  serialize: (date) => date.toISOString(),
  parseValue: (value) => {
    const date = typeof value === 'string' ? new Date(value) : undefined
    if (!date || Number.isNaN(date.getTime())) throw new TypeError('DateTime must be an ISO-8601 string')
    if (!isStorableInstant(date)) throw new TypeError('DateTime must be between the years 1970 and 9999')
    return date
  },
})
