import { sql } from 'drizzle-orm'
import { getAddress, type Address, type Chain, type PublicClient } from 'viem'
import type { Db } from '../../db/createDatabase.ts'
import { tillSales } from '../../db/schema.ts'
import { formatAmount, AmountError, parseAmount } from '../../domain/amount.ts'
import { fiatCurrency } from '../../domain/currencies.ts'
import { BadUserInputError, fieldErrors } from '../../domain/errors/input.ts'
import { QuoteUnavailableError } from '../../domain/errors/quote.ts'
import { tipFor } from '../../domain/money.ts'
import { newPaymentReference } from '../../domain/paymentReference.ts'
import type { Asset } from '../../domain/paymentRequest.ts'
import { tillUnit } from '../../domain/pos/tillDraft.ts'
import { newShortId } from '../../domain/shortId.ts'
import { PriceFeedError } from '../../chain/feeds/readPriceFeeds.ts'
import type { ApiKeyRow } from '../apiKeys.ts'
import { signMerchantRequest } from '../merchantRequest.ts'
import { insertPaymentRequest } from '../../payments/repository/paymentRequests.ts'
import type { DelegateSignature } from '../signing/delegateSignature.ts'
import type { FeedReader } from '../../payments/quotes/cachedFeedReader.ts'
import { quotePrice } from '../../payments/quotes/quotePrice.ts'
import type { PaymentRequestRow } from '../../payments/repository/paymentRequests.ts'
import { distinctAmount } from './distinctAmount.ts'
import type { TillRow } from './tills.ts'

/** How long a payer has to pay a sale: as long as a quote holds, so a rate is never stale at the counter. */
const SALE_MINUTES = 15

export type SaleServices = {
  db: Db
  assets: readonly Asset[]
  chainOf(chainId: number): Chain | undefined
  client(chainId: number): PublicClient | undefined
  readFeedsOn(chainId: number): FeedReader
  signAsDelegate: DelegateSignature
}

/** A sale as the keypad sends it: decimals in the till's unit; the tip as one of the till's choices or an amount. */
export type SaleInput = { amount: string; tipBps?: number | null; tip?: string | null }

export type TillSaleRow = typeof tillSales.$inferSelect
export type Sale = { sale: TillSaleRow; request: PaymentRequestRow; till: TillRow }

const parsed = (field: string, text: string, decimals: number, { zero = false } = {}) => {
  if (zero && /^\s*0*(\.0*)?\s*$/.test(text)) return 0n
  try {
    return parseAmount(text, decimals)
  } catch (error) {
    if (!(error instanceof AmountError)) throw error
    throw new BadUserInputError({ field, shortMessage: error.shortMessage })
  }
}

/** A sale priced before the change's transaction: its amounts, the till's token, and the chain's head. */
export type PricedSale = {
  till: TillRow
  asset: Asset
  unit: ReturnType<typeof tillUnit>
  subtotal: bigint
  tip: bigint
  total: bigint
  tokenAmount: bigint
  head: bigint
}

/**
 * Step one of charging a sale at a till, before the change's transaction: the subtotal and tip in the
 * till's unit (its shop currency, priced in its token at the feeds' current rate, or the token
 * itself), and the chain's head the sale's request is watched from.
 */
export async function priceSale(services: SaleServices, till: TillRow, input: SaleInput): Promise<PricedSale> {
  const asset = services.assets.find((a) => a.chainId === till.chainId && a.address === till.asset)
  if (!asset)
    throw new BadUserInputError({ field: 'id', shortMessage: 'This till’s token is not offered here any more.' })
  const unit = tillUnit(till, asset)
  const subtotal = parsed('amount', input.amount, unit.decimals)
  let tip = 0n
  if (input.tipBps !== null && input.tipBps !== undefined) {
    if (!till.tipsBps.includes(input.tipBps))
      throw fieldErrors({ tipBps: 'This tip is not one of the till’s choices.' })
    tip = tipFor(subtotal, input.tipBps)
  } else if (input.tip) tip = parsed('tip', input.tip, unit.decimals, { zero: true })
  const total = subtotal + tip
  const [tokenAmount, head] = await Promise.all([
    inToken(services, till, asset, total),
    services.client(till.chainId)!.getBlockNumber(),
  ])
  return { till, asset, unit, subtotal, tip, total, tokenAmount, head }
}

/**
 * Step two, in the change's transaction: the priced sale made a request in the token that the
 * till's delegate (`key`) signs, its amount kept apart from the payee's other open ones so a plain
 * transfer scanned from the QR code pays it.
 */
export async function recordSale(
  services: Pick<SaleServices, 'db' | 'assets' | 'client' | 'signAsDelegate'>,
  key: ApiKeyRow,
  { till, asset, unit, subtotal, tip, total, tokenAmount, head }: PricedSale,
  soldBy: Address,
): Promise<Sale> {
  // One sale at a time per payee and token: the next one sees this one's amount as taken.
  return services.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`till:${till.payee}:${asset.address}`}, 0))`)
    const amount = await distinctAmount(tx, {
      payee: till.payee,
      chainId: till.chainId,
      asset: asset.address,
      amount: tokenAmount,
    })
    const request = await insertPaymentRequest(
      tx,
      await signMerchantRequest({
        input: {
          chainId: till.chainId,
          asset: asset.address,
          amount: formatAmount(amount, asset.decimals),
          memo: till.name,
          dueAt: new Date(Date.now() + SALE_MINUTES * 60_000).toISOString(),
          payer: null,
          redirectUrl: null,
          metadata: {
            tillId: till.id,
            ...(till.currency
              ? { price: { currency: till.currency, amount: formatAmount(total, unit.decimals) } }
              : {}),
          },
        },
        key,
        signAsDelegate: services.signAsDelegate,
        assets: services.assets,
        client: services.client,
        heads: new Map([[till.chainId, head]]),
      }),
    )
    const [sale] = await tx
      .insert(tillSales)
      .values({
        id: newShortId(),
        tillId: till.id,
        requestId: request.id,
        subtotal: subtotal.toString(),
        tip: tip.toString(),
        soldBy: getAddress(soldBy),
      })
      .returning()
    return { sale: sale!, request, till }
  })
}

/** What the total asks in the till's token: itself for a till in the token, else at the feeds' rate now. */
async function inToken(services: SaleServices, till: TillRow, asset: Asset, total: bigint): Promise<bigint> {
  const currency = till.currency === null ? undefined : fiatCurrency(till.currency)
  const chain = services.chainOf(till.chainId)
  if (!currency) return total
  if (!chain)
    throw new BadUserInputError({ field: 'id', shortMessage: 'This till’s network is not offered here any more.' })
  const reference = newPaymentReference()
  try {
    const quote = await quotePrice({
      readFeeds: services.readFeedsOn(till.chainId),
      chain,
      asset,
      currency,
      priceMinor: total,
      reference,
      paymentReference: reference,
    })
    return quote.terms.amount
  } catch (error) {
    if (!(error instanceof PriceFeedError)) throw error
    throw new QuoteUnavailableError({
      field: 'amount',
      shortMessage: `No rate can be given for ${asset.symbol} now: ${error.shortMessage}`,
      details: error.code,
    })
  }
}
