import { and, eq, gt } from 'drizzle-orm'
import type { Chain, Hex, TypedDataDefinition } from 'viem'
import { PriceFeedError } from '../../chain/feeds/readPriceFeeds.ts'
import type { Db } from '../../db/createDatabase.ts'
import { apiKeys, paymentRequests, priceQuotes } from '../../db/schema.ts'
import { fiatCurrency } from '../../domain/currencies.ts'
import { newPaymentReference } from '../../domain/paymentReference.ts'
import { paymentRequestTypedData, type Asset } from '../../domain/paymentRequest.ts'
import { priceQuoteTypedData } from '../../domain/priceQuote.ts'
import { insertPaymentRequest, type PaymentRequestRow } from '../repository/paymentRequests.ts'
import type { FeedReader } from './cachedFeedReader.ts'
import { quotePrice } from './quotePrice.ts'
import { BadUserInputError } from '../../domain/errors/input.ts'
import { NotPayableError } from '../../domain/errors/paymentRequest.ts'
import { NotPricedError, QuoteKeyMissingError, QuoteUnavailableError } from '../../domain/errors/quote.ts'

export type PriceQuoteRow = typeof priceQuotes.$inferSelect
type KeyRow = typeof apiKeys.$inferSelect

/** What quoting needs of the server: the chains, their assets, feed readers, and the quote keys' signatures. */
export type QuoteServices = {
  chainOf(chainId: number): Chain | undefined
  assets: readonly Asset[]
  readFeedsOn(chainId: number): FeedReader
  signAsDelegate(key: KeyRow, typedData: TypedDataDefinition): Promise<Hex>
  /** How long a quote holds (QUOTE_MINUTES). */
  minutes: number
}

/** A quote handed out again rather than a new one while it has at least this long to run. */
const REUSE_MARGIN_MS = 2 * 60_000

/** What a priced request still asks for, in its currency's minor units: the price, less what was received. */
export const stillDue = (request: PaymentRequestRow) => {
  const due = BigInt(request.amount) - BigInt(request.received)
  return due > 0n ? due : 0n
}

/**
 * A quote of a priced request in one of its tokens, for a payer: a live one for the same token and
 * amount is handed out again; otherwise the feeds are read (`quotePrice`), and the quote's own request
 * (what the payer pays, due when the quote expires) and the quote are signed by the payee's quote key
 * and stored together. Errors name why no quote can be given (a feed refused, the request closed).
 */
export async function issueQuote(
  db: Db,
  services: QuoteServices,
  priced: PaymentRequestRow,
  assetInput: string,
): Promise<{ request: PaymentRequestRow; quote: PriceQuoteRow }> {
  const currency = priced.currency === null ? undefined : fiatCurrency(priced.currency)
  if (!currency || !priced.acceptedAssets || !priced.quoteKeyId)
    throw new NotPricedError({
      field: 'id',
      shortMessage: 'This request asks for a token amount, not a price: it needs no quote.',
    })
  if (!['open', 'partially_paid'].includes(priced.status))
    throw new NotPayableError({
      field: 'id',
      shortMessage: `This request is ${priced.status.replace('_', ' ')}: it takes no more payments.`,
    })
  const accepted = priced.acceptedAssets.find((a) => a.toLowerCase() === assetInput.trim().toLowerCase())
  const asset = accepted && services.assets.find((a) => a.chainId === priced.chainId && a.address === accepted)
  const chain = services.chainOf(priced.chainId)
  if (!asset || !chain)
    throw new BadUserInputError({
      field: 'asset',
      shortMessage: `This request is not paid in ${assetInput || 'that'}: choose one of the tokens it accepts.`,
    })
  const due = stillDue(priced)
  const now = new Date()
  const [live] = await db
    .select()
    .from(priceQuotes)
    .where(
      and(
        eq(priceQuotes.pricedRequestId, priced.id),
        eq(priceQuotes.asset, asset.address),
        eq(priceQuotes.price, due.toString()),
        gt(priceQuotes.expiresAt, new Date(now.getTime() + REUSE_MARGIN_MS)),
      ),
    )
    .limit(1)
  if (live) {
    const [request] = await db.select().from(paymentRequests).where(eq(paymentRequests.id, live.requestId))
    return { request: request!, quote: live }
  }
  const [key] = await db.select().from(apiKeys).where(eq(apiKeys.id, priced.quoteKeyId))
  if (!key?.activatedAt || key.revokedAt || key.delegationExpiresAt.getTime() <= now.getTime())
    throw new QuoteKeyMissingError({
      field: 'id',
      shortMessage:
        'The payee has not authorised quotes for this request (or withdrew it): ask them for a new request.',
    })
  const paymentReference = newPaymentReference()
  const quoted = await quotePrice({
    readFeeds: services.readFeedsOn(priced.chainId),
    chain,
    asset,
    currency,
    priceMinor: due,
    reference: priced.reference as Hex,
    paymentReference,
    minutes: services.minutes,
    now,
  }).catch((error: unknown) => {
    if (!(error instanceof PriceFeedError)) throw error
    throw new QuoteUnavailableError({
      field: 'asset',
      shortMessage: `No rate can be given for ${asset.symbol} now: ${error.shortMessage}`,
      details: error.code,
    })
  })
  const { terms } = quoted
  const requestTerms = {
    chainId: priced.chainId,
    asset: asset.address,
    amount: terms.amount,
    payee: priced.payee as Hex,
    payer: priced.payer as Hex | null,
    memo: priced.memo,
    dueAt: terms.expiresAt,
    reference: paymentReference,
  }
  const [requestSignature, quoteSignature] = await Promise.all([
    services.signAsDelegate(key, paymentRequestTypedData(requestTerms)),
    services.signAsDelegate(key, priceQuoteTypedData(terms)),
  ])
  return db.transaction(async (tx) => {
    const request = await insertPaymentRequest(tx, {
      terms: requestTerms,
      asset,
      signature: requestSignature,
      createdBlock: quoted.block.number,
      issuedByKeyId: key.id,
      redirectUrl: priced.redirectUrl,
      pricedRequestId: priced.id,
    })
    const [quote] = await tx
      .insert(priceQuotes)
      .values({
        requestId: request.id,
        pricedRequestId: priced.id,
        asset: asset.address,
        price: due.toString(),
        amount: terms.amount.toString(),
        tokenFeed: quoted.tokenUsd.feed,
        tokenRound: quoted.tokenUsd.roundId.toString(),
        tokenAnswer: quoted.tokenUsd.answer.toString(),
        tokenFeedDecimals: quoted.tokenUsd.decimals,
        tokenUpdatedAt: new Date(quoted.tokenUsd.updatedAt * 1000),
        currencyFeed: quoted.currencyUsd?.feed ?? null,
        currencyRound: quoted.currencyUsd?.roundId.toString() ?? null,
        currencyAnswer: quoted.currencyUsd?.answer.toString() ?? null,
        currencyFeedDecimals: quoted.currencyUsd?.decimals ?? null,
        currencyUpdatedAt: quoted.currencyUsd ? new Date(quoted.currencyUsd.updatedAt * 1000) : null,
        expiresAt: terms.expiresAt,
        signature: quoteSignature,
      })
      .returning()
    return { request, quote: quote! }
  })
}
