import { isAddressEqual, recoverTypedDataAddress, type Address, type Hex, type TypedDataDefinition } from 'viem'
import { delegationTypedData } from '../../../domain/delegation.ts'
import {
  documentAddsUp,
  invoiceDocumentHash,
  invoiceTypedData,
  pricedInvoiceTypedData,
  parseInvoiceDocument,
} from '../../../domain/invoice/invoiceDocument.ts'
import { NATIVE_ASSET, type PaymentRequestTerms } from '../../../domain/paymentRequest.ts'
import { requestTermsTypedData, type AcceptedChain } from '../../../domain/requestChains.ts'
import { pricedRequestTypedData, type PricedRequestTerms } from '../../../domain/pricedRequest.ts'
import type { ChainClient } from '../../publicClients.ts'
import type { PaymentRequestData } from '../../requests/requestOperations.ts'

/** Whether `address` signed `typedData`: recovered offline for an ordinary account, asked of the chain for a contract (ERC-1271/6492). */
async function signedBy(
  client: ChainClient,
  address: Address,
  typedData: TypedDataDefinition,
  signature: Hex,
): Promise<boolean> {
  const signer = await recoverTypedDataAddress({ ...typedData, signature } as Parameters<
    typeof recoverTypedDataAddress
  >[0]).catch(() => undefined)
  if (signer && isAddressEqual(signer, address)) return true
  const { verifyContractSignature } = await import('./contractSignature.ts')
  return verifyContractSignature(client, { address, signature, typedData })
}

/**
 * Whether the payee authorised exactly this request: signed it with their own wallet, or (for a
 * request a merchant's server made) the key's delegate signed it and the payee's wallet signed the
 * delegation, which had not expired when the request was made. An invoice's document is hashed
 * here from the text received, so a document changed after signing (one line) fails the check.
 */
export async function verifyRequestSignature(client: ChainClient, request: PaymentRequestData): Promise<boolean> {
  const payee = request.payee as Address
  const signature = request.signature as Hex
  const terms = signedTerms(request)
  if (!terms) return false
  const issuer = request.issuer
  if (!issuer) return signedBy(client, payee, terms, signature)
  const delegate = issuer.delegate as Address
  const expiresAt = new Date(issuer.delegationExpiresAt)
  if (expiresAt.getTime() <= new Date(request.createdAt).getTime()) return false
  const delegation = delegationTypedData({ payee, delegate, keyName: issuer.keyName, expiresAt })
  const [requestSigned, delegated] = await Promise.all([
    recoverTypedDataAddress({ ...terms, signature } as Parameters<typeof recoverTypedDataAddress>[0])
      .then((signer) => isAddressEqual(signer, delegate))
      .catch(() => false),
    signedBy(client, payee, delegation, issuer.delegationSignature as Hex),
  ])
  return requestSigned && delegated
}

/** The typed data the request's payee signed, or undefined when its invoice cannot be what was signed. */
function signedTerms(request: PaymentRequestData): TypedDataDefinition | undefined {
  const common = {
    chainId: request.chainId,
    payee: request.payee as Address,
    payer: request.payer as Address | null,
    memo: request.memo,
    dueAt: new Date(request.dueAt),
    reference: request.reference as Hex,
  }
  const priced: PricedRequestTerms | undefined = request.price
    ? {
        ...common,
        currency: request.price.currency,
        price: BigInt(request.price.amount),
        acceptedAssets: (request.acceptedAssets ?? []).map((a) => a.address as Address | typeof NATIVE_ASSET),
        toleranceBps: request.toleranceBps ?? 0,
      }
    : undefined
  const token: PaymentRequestTerms = {
    ...common,
    asset: request.asset as Address | typeof NATIVE_ASSET,
    amount: BigInt(request.amount),
  }
  // A request of several chains is signed over all of them: a list altered on its way here fails.
  const onChains = { ...token, acceptedChains: request.acceptedChains as AcceptedChain[] }
  if (!request.invoice)
    return (priced ? pricedRequestTypedData(priced) : requestTermsTypedData(onChains)) as TypedDataDefinition
  const document = parseInvoiceDocument(request.invoice.document)
  if (!document || !documentAddsUp(document) || document.totals.total !== String(priced?.price ?? token.amount))
    return undefined
  const hash = invoiceDocumentHash(request.invoice.document)
  return (priced ? pricedInvoiceTypedData(priced, hash) : invoiceTypedData(token, hash)) as TypedDataDefinition
}
