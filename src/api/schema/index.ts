import { lexicographicSortSchema, printSchema } from 'graphql'
import { builder } from '../builder.ts'
import './authSchema.ts'
import './chainSchema.ts'
import './viewerSchema.ts'
import '../payments/paymentRequestSchema.ts'
import '../payments/dashboardSchema.ts'
import '../payments/unmatchedSchema.ts'
import './profileSchema.ts'
import '../merchants/apiKeySchema.ts'
import '../merchants/webhookSchema.ts'
import '../merchants/paymentLinkSchema.ts'

builder.queryType({})
builder.mutationType({})
builder.subscriptionType({})

export const schema = builder.toSchema()

/** The schema as SDL, sorted, as checked in at schema.graphql. */
export function printedSchema(): string {
  return printSchema(lexicographicSortSchema(schema)) + '\n'
}
