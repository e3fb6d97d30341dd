import { lexicographicSortSchema, printSchema } from 'graphql'
import { builder } from '../builder.ts'
import { authorizeOperations } from '../authorizeOperations.ts'
import { refuseNulCharacters } from '../refuseNulCharacters.ts'
import './authSchema.ts'
import './chainSchema.ts'
import './viewerSchema.ts'
import './paymentRequestSchema.ts'
import './pricedRequestFields.ts'
import './pricedRequestSchema.ts'
import './booksSchema.ts'
import './accountingSchema.ts'
import './sellerSchema.ts'
import './invoiceSchema.ts'
import './creditNoteSchema.ts'
import './refundSchema.ts'
import './scheduleSchema.ts'
import './subscriptionSchema.ts'
import './subscriptionScreensSchema.ts'
import './emailSchema.ts'
import './dashboardSchema.ts'
import './unmatchedSchema.ts'
import './profileSchema.ts'
import './apiKeySchema.ts'
import './webhookSchema.ts'
import './paymentLinkSchema.ts'
import './transferAuthorizationSchema.ts'
import './relayerSchema.ts'
import './businessSchema.ts'
import './memberDelegateSchema.ts'
import './payoutAddressSchema.ts'
import './posSchema.ts'
import './payoutSchema.ts'
import './payerListSchema.ts'
import './planByHandSchema.ts'
import './bridgeSchema.ts'

builder.queryType({})
builder.mutationType({})
builder.subscriptionType({})

export const schema = authorizeOperations(refuseNulCharacters(builder.toSchema()))

/** The schema as SDL, sorted, as checked in at schema.graphql. */
export function printedSchema(): string {
  return printSchema(lexicographicSortSchema(schema)) + '\n'
}
