import type { Db } from '../../db/createDatabase.ts'
import type { SecretBox } from '../../secrets/secretBox.ts'
import type { Actor } from '../business/authorize.ts'
import { defineUseCase } from '../business/useCase.ts'
import {
  signedPricedRequestFor,
  type MemberPricedRequestServices,
  type PricedRequestForInput,
} from '../business/memberPricedRequest.ts'
import { quoteKeyOf } from '../quoteKeys.ts'
import { insertPaymentRequest, type PaymentRequestRow } from '../../payments/repository/paymentRequests.ts'

/** A request priced in a currency, as the business's wallet signed it, or a member's, signed by the members' delegate. */
export const makePricedRequest = defineUseCase({
  action: 'createPricedPaymentRequest',
  permission: 'requests:create',
  audited: (_, made: PaymentRequestRow) => made.id,
  prepare: (actor: Actor, services: MemberPricedRequestServices, input: PricedRequestForInput) =>
    signedPricedRequestFor(services, actor, input),
  run: (_, { db }, __, signed) => insertPaymentRequest(db, signed),
})

/** The key that signs the business's price quotes: the authorised one, or one waiting for the wallet. */
export const prepareQuoteKey = defineUseCase({
  action: 'prepareQuoteKey',
  permission: 'requests:create',
  audited: (_, key) => key.id,
  run: (actor: Actor, { db, delegateKeys }: { db: Db; delegateKeys: SecretBox }) =>
    quoteKeyOf(db, delegateKeys, actor.address),
})
