import type { PublicClient } from 'viem'
import type { Db } from '../db/createDatabase.ts'
import { AmountError, formatAmount, parseAmount } from '../domain/amount.ts'
import { fiatCurrency } from '../domain/currencies.ts'
import type { Asset } from '../domain/paymentRequest.ts'
import type { PaymentRequestRow } from '../payments/repository/paymentRequests.ts'
import type { ApiKeyRow } from './apiKeys.ts'
import { issueMerchantRequest } from './merchantRequest.ts'
import type { MerchantRequestParameters } from './merchantRequestParameters.ts'
import { findUsableLink, linkNotFound, type PaymentLinkRow } from './paymentLinks.ts'
import type { DelegateSignature } from './signing/delegateSignature.ts'
import { BadUserInputError } from '../domain/errors/input.ts'
import { NotFoundError } from '../domain/errors/access.ts'

/** How long a payer has to pay the request a link made. */
const LINK_REQUEST_HOURS = 24

export type LinkPayerOptions = {
  db: Db
  signAsDelegate: DelegateSignature
  assets: readonly Asset[]
  /** The assets a priced request may accept. */
  quotable?: readonly Asset[]
  client: (chainId: number) => PublicClient | undefined
}

/** A payer's commitment to pay (never a mere visit): a fresh request on the link's terms (the amount they chose, for a range), signed by the link's delegate. */
export function createLinkPayer(options: LinkPayerOptions) {
  return async (id: string, chosen: string | null): Promise<PaymentRequestRow> => {
    const found = await findUsableLink(options.db, id)
    if (!found) throw linkNotFound()
    return issueMerchantRequest(options.db, linkRequestParameters(options, found, chosen))
  }
}

/** The request a payer's commitment makes, as its link's delegate signs it: nothing is signed or stored yet. */
export function linkRequestParameters(
  options: LinkPayerOptions,
  { link, key }: { link: PaymentLinkRow; key: ApiKeyRow },
  chosen: string | null,
): MerchantRequestParameters {
  const { assets } = options
  const dueAt = new Date(Date.now() + LINK_REQUEST_HOURS * 3600_000).toISOString()
  const currency = link.currency === null ? undefined : fiatCurrency(link.currency)
  if (currency)
    // A priced link's price is fixed; its key's delegate signs the request and, as its quote key, its quotes.
    return {
      input: {
        chainId: link.chainId,
        asset: '',
        amount: '',
        memo: linkMemo(link),
        dueAt,
        payer: null,
        redirectUrl: null,
        metadata: { paymentLinkId: link.id },
        priced: {
          currency: currency.code,
          amount: formatAmount(BigInt(link.amount!), currency.minorDigits),
          acceptedAssets: [...(link.acceptedAssets ?? [])],
          tolerance: formatAmount(BigInt(link.toleranceBps ?? 0), 2),
        },
      },
      key,
      signAsDelegate: options.signAsDelegate,
      assets,
      quotable: options.quotable ?? [],
      client: options.client,
    }
  const asset = assets.find((a) => a.chainId === link.chainId && a.address === link.asset)
  if (!asset)
    throw new NotFoundError({
      field: 'id',
      shortMessage: 'This payment link’s network is not offered here any more.',
    })
  return {
    input: {
      chainId: link.chainId,
      asset: link.asset,
      amount: linkAmount(link, asset, chosen),
      memo: linkMemo(link),
      dueAt,
      payer: null,
      redirectUrl: null,
      metadata: { paymentLinkId: link.id },
    },
    key,
    signAsDelegate: options.signAsDelegate,
    assets,
    client: options.client,
  }
}

/** A link's request says what it is for on the payee's lists: the link's memo, else its title. */
export const linkMemo = (link: PaymentLinkRow) => link.memo.trim() || link.title

/** What a visit to the link pays, as a decimal: its fixed amount, or the one chosen within its range (checked). */
export function linkAmount(link: PaymentLinkRow, asset: Asset, chosen: string | null): string {
  let amount = link.amount === null ? null : formatAmount(BigInt(link.amount), asset.decimals)
  if (amount === null) {
    const min = BigInt(link.minAmount!)
    const max = BigInt(link.maxAmount!)
    if (chosen === null)
      throw new BadUserInputError({
        field: 'amount',
        shortMessage: 'Amount is required: choose how much to pay.',
      })
    let value: bigint
    try {
      value = parseAmount(chosen, asset.decimals)
    } catch (error) {
      if (!(error instanceof AmountError)) throw error
      throw new BadUserInputError({ field: 'amount', shortMessage: error.shortMessage })
    }
    if (value < min || value > max)
      throw new BadUserInputError({
        field: 'amount',
        problem: 'range',
        shortMessage: `Amount must be between ${formatAmount(min, asset.decimals)} and ${formatAmount(max, asset.decimals)} ${asset.symbol}.`,
      })
    amount = chosen
  }
  return amount
}
