import type { Db } from '../../db/createDatabase.ts'
import { cancelPaymentRequest } from '../../payments/requests/cancelPaymentRequest.ts'
import { listRequestPage } from '../../payments/repository/requestListing.ts'
import type { Actor } from '../business/authorize.ts'
import { ownRequest } from '../business/ownRequest.ts'
import { defineUseCase } from '../business/useCase.ts'
import { issueOnce, requestFingerprint } from '../idempotency.ts'
import { issueMerchantRequest, signMerchantRequest } from '../merchantRequest.ts'

/** A request a key's server asks for, signed by the key's delegate; once per idempotency key when it sends one. */
export const makeKeyRequest = defineUseCase({
  action: 'createPaymentRequest',
  permission: 'requests:create',
  audited: (_, { row }) => row.id,
  run: async (
    actor: Actor,
    { db }: { db: Db },
    {
      request,
      apiKeyId,
      idempotencyKey,
      raw,
    }: {
      request: Parameters<typeof issueMerchantRequest>[1]
      /** The key that called, whose retries share one idempotency namespace (its signer may be the members' delegate). */
      apiKeyId: string
      idempotencyKey?: string | undefined
      raw: Buffer
    },
  ) =>
    idempotencyKey === undefined
      ? { replayed: false, row: await issueMerchantRequest(db, request) }
      : issueOnce(db, {
          payee: actor.address,
          apiKeyId,
          idempotencyKey,
          fingerprint: requestFingerprint('POST /payment-requests', raw),
          signed: await signMerchantRequest(request),
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

export const listRequests = defineUseCase({
  action: 'myPaymentRequests',
  permission: 'requests:read',
  run: (
    actor: Actor,
    { db }: { db: Db },
    { filter, page }: { filter: Parameters<typeof listRequestPage>[2]; page: Parameters<typeof listRequestPage>[3] },
  ) => listRequestPage(db, actor.address, filter, page),
})
