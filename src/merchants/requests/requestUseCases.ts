import type { Db } from '../../db/createDatabase.ts'
import { cancelPaymentRequest } from '../../payments/requests/cancelPaymentRequest.ts'
import { isAddress } from 'viem'
import { BadUserInputError, badInput } from '../../domain/errors/input.ts'
import { listRequestPage } from '../../payments/repository/requestListing.ts'
import { checkRequestFilter, decodeCursor, type RawRequestFilter } from '../../payments/requestFilter.ts'
import { payerListFor } from '../../payments/batch/payerLists.ts'
import type { Actor } from '../business/authorize.ts'
import { ownRequest } from '../business/ownRequest.ts'
import { defineUseCase } from '../business/useCase.ts'
import { issueOnce, requestFingerprint } from '../idempotency.ts'
import { signMerchantRequest } from '../merchantRequest.ts'
import type { MerchantRequestParameters } from '../merchantRequestParameters.ts'
import { insertPaymentRequest, type PaymentRequestRow } from '../../payments/repository/paymentRequests.ts'

/** A request a key's server asks for, signed by the key's delegate; once per idempotency key when it sends one. */
export const makeKeyRequest = defineUseCase({
  action: 'createPaymentRequest',
  permission: 'requests:create',
  audited: (_, { row }: { replayed: boolean; row: PaymentRequestRow }) => row.id,
  unchanged: ({ replayed }) => replayed,
  // Signed, with the chains' heads read, before the transaction; it only stores (or finds the first one).
  prepare: (
    _: Actor,
    __: { db: Db },
    {
      request,
    }: {
      request: MerchantRequestParameters
      /** The key that called, whose retries share one idempotency namespace (its signer may be the members' delegate). */
      apiKeyId: string
      idempotencyKey?: string | undefined
      raw: Buffer
    },
  ) => signMerchantRequest(request),
  run: async (actor, { db }, { apiKeyId, idempotencyKey, raw }, signed) =>
    idempotencyKey === undefined
      ? { replayed: false, row: await insertPaymentRequest(db, signed) }
      : issueOnce(db, {
          payee: actor.address,
          apiKeyId,
          idempotencyKey,
          fingerprint: requestFingerprint('POST /payment-requests', raw),
          signed,
        }),
})

/** Cancels a request of the business while nothing has been received for it. */
export const cancelRequest = defineUseCase({
  action: 'cancelPaymentRequest',
  permission: 'requests:cancel',
  audited: ({ id }) => id,
  run: async (actor: Actor, { db }: { db: Db }, { id }: { id: string }) =>
    cancelPaymentRequest({ db }, await ownRequest(db, actor, id)),
})

export const readRequest = defineUseCase({
  action: 'paymentRequest',
  permission: 'requests:read',
  run: (actor: Actor, { db }: { db: Db }, { id }: { id: string }) => ownRequest(db, actor, id),
})

/** A page of the business's requests, newest first; the filter and page are checked once the actor may read them. */
export const listRequests = defineUseCase({
  action: 'myPaymentRequests',
  permission: 'requests:read',
  run: (
    actor: Actor,
    { db }: { db: Db },
    { filter, first, after }: { filter?: RawRequestFilter | null; first?: number | null; after?: string | null },
  ) => {
    if (first == null || first < 1 || first > 100) throw badInput('first', 'must be from 1 to 100.')
    return listRequestPage(db, actor.address, checkRequestFilter(filter ?? {}), {
      first,
      after: after ? decodeCursor(after) : undefined,
    })
  },
})

/** What keeps the dashboard live: the topic of the business's requests' changes, once the actor may read them. */
export const followRequests = defineUseCase({
  action: 'myPaymentRequestUpdated',
  permission: 'requests:read',
  run: async (actor: Actor, _: { db: Db }) => actor.address.toLowerCase(),
})

/** The business's link listing its open requests made for one payer: the same link each time. */
export const linkPayerList = defineUseCase({
  action: 'payerListLink',
  permission: 'requests:create',
  audited: (_, list) => list.id,
  run: (actor: Actor, { db }: { db: Db }, { payer }: { payer: string }) => {
    if (!isAddress(payer, { strict: false }))
      throw new BadUserInputError({
        field: 'payer',
        shortMessage: 'The payer must be an Ethereum address (0x and 40 hex digits).',
      })
    return payerListFor(db, actor.address, payer)
  },
})
