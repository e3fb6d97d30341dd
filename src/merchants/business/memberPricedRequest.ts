import { getAddress, type PublicClient } from 'viem'
import type { Db } from '../../db/createDatabase.ts'
import { badInput } from '../../domain/errors/input.ts'
import type { Asset } from '../../domain/paymentRequest.ts'
import type { NewPaymentRequest } from '../../payments/repository/paymentRequests.ts'
import { signPricedMerchantRequest } from '../merchantPricedRequest.ts'
import { checkSignedPricedRequest } from '../payeePricedRequest.ts'
import type { DelegateSignature } from '../signing/delegateSignature.ts'
import { requirePermission, type Actor } from './authorize.ts'
import { requireMemberDelegate } from './memberDelegate.ts'

export type MemberPricedRequestServices = {
  db: Db
  assets: readonly Asset[]
  quotable: readonly Asset[]
  clients: ReadonlyMap<number, PublicClient>
  signAsDelegate: DelegateSignature
}

/** A priced request's terms as createPricedPaymentRequest sends them: the owner's signed, a member's without reference and signature. */
export type PricedRequestForInput = {
  chainId: number
  currency: string
  price: string
  acceptedAssets: readonly string[]
  tolerance?: string | null | undefined
  payer?: string | null | undefined
  memo: string
  dueAt: string
  reference?: string | null | undefined
  signature?: string | null | undefined
}

/**
 * A request priced in a currency, made by whoever acts for the business, checked and signed before
 * the change's transaction stores it: the owner's wallet signs its terms; a member's terms and quotes
 * are signed by the members' delegate the owner authorised (its delegation makes it the request's
 * quote key too).
 */
export async function signedPricedRequestFor(
  services: MemberPricedRequestServices,
  actor: Actor,
  input: PricedRequestForInput,
): Promise<Omit<NewPaymentRequest, 'id'>> {
  requirePermission(actor, 'requests:create')
  const { reference, signature } = input
  if (actor.role === 'owner') {
    if (!reference || !signature)
      throw badInput('signature', "is required with reference: sign the request's terms with the business's wallet.")
    return checkSignedPricedRequest(services, actor.address, { ...input, reference, signature })
  }
  if (signature)
    throw badInput(
      'signature',
      "must be left out: a member's requests are signed by the business's members' delegate, not by the member's wallet.",
    )
  const key = await requireMemberDelegate(services.db, getAddress(actor.address))
  return signPricedMerchantRequest(
    {
      input: {
        chainId: input.chainId,
        asset: '',
        amount: '',
        memo: input.memo,
        dueAt: input.dueAt,
        payer: input.payer ?? null,
        redirectUrl: null,
        metadata: null,
      },
      key,
      signAsDelegate: services.signAsDelegate,
      assets: services.assets,
      quotable: services.quotable,
      client: (chainId) => services.clients.get(chainId),
    },
    {
      currency: input.currency,
      amount: input.price,
      acceptedAssets: [...input.acceptedAssets],
      tolerance: input.tolerance ?? '',
    },
  )
}
