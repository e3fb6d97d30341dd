import { getAddress, type PublicClient } from 'viem'
import type { Db } from '../../db/createDatabase.ts'
import { badInput } from '../../domain/errors/input.ts'
import type { Asset } from '../../domain/paymentRequest.ts'
import type { InvoiceInput } from '../../payments/invoices/invoiceInput.ts'
import type { ApiKeyRow } from '../apiKeys.ts'
import { invoiceHead, issueMerchantInvoice } from '../merchantInvoice.ts'
import { assertDelegationUsable } from '../merchantRequest.ts'
import { checkPayeeInvoice, storePayeeInvoice, type CheckedPayeeInvoice } from '../payeeInvoice.ts'
import type { DelegateSignature } from '../signing/delegateSignature.ts'
import { requirePermission, type Actor } from './authorize.ts'
import { requireMemberDelegate } from './memberDelegate.ts'

export type MemberInvoiceServices = {
  db: Db
  assets: readonly Asset[]
  quotable: readonly Asset[]
  clients: ReadonlyMap<number, PublicClient>
  signAsDelegate: DelegateSignature
}

/** An invoice as createInvoice sends it: the owner's wallet signed it with the number it was shown; a member's has neither. */
export type InvoiceForInput = InvoiceInput & {
  number?: string | null | undefined
  reference?: string | null | undefined
  signature?: string | null | undefined
}

/** An invoice checked before the change's transaction: the owner's, or a member's with the chain's head read. */
export type CheckedInvoiceFor =
  { owner: CheckedPayeeInvoice } | { member: { input: InvoiceInput; key: ApiKeyRow; createdBlock: bigint | undefined } }

/**
 * Step one of an invoice issued by whoever acts for the business, before the change's transaction:
 * the owner's wallet signs it with the number it was shown (its signature checked, on chain for a
 * contract wallet); a member's needs the members' delegate the owner authorised. The chain's head is
 * read for either.
 */
export async function checkInvoiceFor(
  services: MemberInvoiceServices,
  actor: Actor,
  input: InvoiceForInput,
): Promise<CheckedInvoiceFor> {
  requirePermission(actor, 'invoices:write')
  const { number, reference, signature, ...document } = input
  if (actor.role === 'owner') {
    if (!number || !reference || !signature)
      throw badInput('signature', "is required with number and reference: sign the invoice with the business's wallet.")
    return { owner: await checkPayeeInvoice(services, actor.address, { ...document, number, reference, signature }) }
  }
  if (signature)
    throw badInput(
      'signature',
      "must be left out: a member's invoices are signed by the business's members' delegate, not by the member's wallet.",
    )
  const key = await requireMemberDelegate(services.db, getAddress(actor.address))
  assertDelegationUsable(key)
  return {
    member: {
      input: document,
      key,
      createdBlock: await invoiceHead((chainId) => services.clients.get(chainId), document),
    },
  }
}

/**
 * Step two, in the change's transaction: the owner's invoice is numbered and stored; a member's is
 * numbered in the issuing transaction, as a merchant server's is, and signed (with its quotes, for
 * one in a currency) by the members' delegate, so the pay page and the invoice's signature check
 * still find the payee's authority.
 */
export async function issueInvoiceFor(services: MemberInvoiceServices, checked: CheckedInvoiceFor) {
  if ('owner' in checked) return storePayeeInvoice(services.db, services.assets, checked.owner)
  const { request, invoice } = await issueMerchantInvoice(services.db, {
    ...checked.member,
    signAsDelegate: services.signAsDelegate,
    assets: services.assets,
    quotable: services.quotable,
  })
  return { ...invoice, request }
}
