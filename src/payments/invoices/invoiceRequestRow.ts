import { fiatCurrency } from '../../domain/currencies.ts'
import type { InvoiceRequest } from '../../domain/invoice/invoiceRequest.ts'
import type { Asset, NATIVE_ASSET } from '../../domain/paymentRequest.ts'
import type { NewPaymentRequest } from '../repository/paymentRequests.ts'
import type { InvoiceToStore } from './issueInvoice.ts'

/**
 * What an invoice stores, signed: a priced request (the currency as its asset, the quote key named)
 * or a token request, with the document's text and hash.
 */
export function invoiceToStore(
  invoice: InvoiceRequest,
  {
    signature,
    createdBlock,
    assets,
    quoteKeyId,
    issuedByKeyId = null,
  }: {
    signature: string
    createdBlock: bigint
    assets: readonly Asset[]
    quoteKeyId: string | undefined
    issuedByKeyId?: string | null
  },
): InvoiceToStore {
  const common = { signature, createdBlock, issuedByKeyId }
  if (invoice.priced) {
    const terms = invoice.priced
    const currency = fiatCurrency(terms.currency)!
    const asCurrency = currency.code as typeof NATIVE_ASSET
    const request: NewPaymentRequest = {
      ...common,
      terms: { ...terms, asset: asCurrency, amount: terms.price },
      asset: { chainId: terms.chainId, address: asCurrency, symbol: currency.code, decimals: currency.minorDigits },
      priced: {
        currency: currency.code,
        acceptedAssets: terms.acceptedAssets,
        toleranceBps: terms.toleranceBps,
        quoteKeyId: quoteKeyId!,
      },
    }
    return { request, text: invoice.text, hash: invoice.hash }
  }
  const terms = invoice.token!
  const asset = assets.find((a) => a.chainId === terms.chainId && a.address === terms.asset)!
  return { request: { ...common, terms, asset }, text: invoice.text, hash: invoice.hash }
}
