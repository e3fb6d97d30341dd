import { requestTermsTypedData } from '../../domain/requestChains.ts'
import { badInput } from '../../domain/errors/input.ts'
import {
  checkedRequestTerms,
  createdBlocks,
  checkSignedRequest,
  type CreatePaymentRequestParameters,
  type CreatePaymentRequestServices,
} from '../../payments/requests/createPaymentRequest.ts'
import { insertPaymentRequest, type PaymentRequestRow } from '../../payments/repository/paymentRequests.ts'
import type { DelegateSignature } from '../signing/delegateSignature.ts'
import type { Actor } from './authorize.ts'
import { defineUseCase } from './useCase.ts'
import { requireMemberDelegate } from './memberDelegate.ts'

export type RequestMakingServices = CreatePaymentRequestServices & { signAsDelegate: DelegateSignature }

/**
 * A request made by whoever acts for the business: the owner's wallet signs its terms itself; a
 * member's are signed by the members' delegate the owner authorised, so the pay page still finds
 * the payee's authority (the delegation) behind it. The audit log records which member made it.
 */
export const makeRequestFor = defineUseCase({
  action: 'createPaymentRequest',
  permission: 'requests:create',
  audited: (_, made: PaymentRequestRow) => made.id,
  // The signature check and the chains' heads are asked before the transaction; it only stores.
  prepare: (actor: Actor, services: RequestMakingServices, input: RequestMakingInput) =>
    checkRequest(services, actor, input),
  run: (_, { db }, __, checked): Promise<PaymentRequestRow> => insertPaymentRequest(db, checked),
})

type RequestMakingInput = Omit<CreatePaymentRequestParameters, 'signature'> & { signature?: string | null | undefined }

async function checkRequest(
  services: RequestMakingServices,
  actor: Actor,
  input: RequestMakingInput,
): Promise<Parameters<typeof insertPaymentRequest>[1]> {
  const { signature, ...terms } = input
  if (actor.role === 'owner') {
    if (!signature) throw badInput('signature', "is required: sign the request's terms with the business's wallet.")
    return checkSignedRequest(services, actor.address, { ...terms, signature })
  }
  if (signature)
    throw badInput(
      'signature',
      "must be left out: a member's requests are signed by the business's members' delegate, not by the member's wallet.",
    )
  const checked = checkedRequestTerms(services.assets, actor.address, terms)
  const key = await requireMemberDelegate(services.db, checked.terms.payee)
  const [delegateSignature, blocks] = await Promise.all([
    services.signAsDelegate(key, requestTermsTypedData(checked.terms)),
    createdBlocks(services.clients, checked.terms),
  ])
  return {
    ...checked,
    signature: delegateSignature,
    ...blocks,
    issuedByKeyId: key.id,
  }
}
