import * as access from './access.ts'
import * as apiKey from './apiKey.ts'
import * as authorization from './authorization.ts'
import * as business from './business.ts'
import * as database from './database.ts'
import * as email from './email.ts'
import * as input from './input.ts'
import * as invoice from './invoice.ts'
import * as paymentRequest from './paymentRequest.ts'
import * as quote from './quote.ts'
import * as refund from './refund.ts'
import * as relayer from './relayer.ts'
import * as request from './request.ts'
import * as schedule from './schedule.ts'
import * as signIn from './signIn.ts'
import * as subscription from './subscription.ts'
import * as unmatchedTransfer from './unmatchedTransfer.ts'

// Every error class of every domain file: a new file is added here, a new class in a listed file is found.
const exported = {
  ...access,
  ...apiKey,
  ...authorization,
  ...business,
  ...database,
  ...email,
  ...input,
  ...invoice,
  ...paymentRequest,
  ...quote,
  ...refund,
  ...relayer,
  ...request,
  ...schedule,
  ...signIn,
  ...subscription,
  ...unmatchedTransfer,
}

type ApiErrorClass = Extract<(typeof exported)[keyof typeof exported], { code: string }>

/** The stable codes clients branch on (GraphQL's `extensions.code`, REST's `error.code`); each transport maps every one. */
export type ApiErrorCode = ApiErrorClass['code']

export const apiErrorClasses: readonly ApiErrorClass[] = Object.values(exported).filter(
  (value): value is ApiErrorClass => typeof value === 'function' && 'code' in value,
)

export const apiErrorCodes: readonly ApiErrorCode[] = apiErrorClasses.map((c) => c.code)
