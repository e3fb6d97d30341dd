import { getAddress, zeroAddress, type Address, type Hex } from 'viem'
import { AmountError, parseAmount } from './amount.ts'
import { fiatCurrencies, fiatCurrency } from './currencies.ts'
import {
  checkRequestBasics,
  NATIVE_ASSET,
  requestPartiesMessage,
  requestPartiesTypes,
  type Asset,
  type FieldErrors,
  type RequestBasicsDraft,
} from './paymentRequest.ts'

/** The most a payee may let a payment fall short of the price and still be paid: 5 %. */
export const MAX_TOLERANCE_BPS = 500

/** What a priced request asks, beside the fields every request has: a price, the tokens it takes, how close is enough. */
export type PriceTerms = {
  currency: string
  /** The price in the currency's minor units (cents; yen). */
  price: bigint
  acceptedAssets: (Address | typeof NATIVE_ASSET)[]
  /** How far below the price what was received may fall and still count as paid, in basis points. */
  toleranceBps: number
}

/** What a person typed for a price: the currency's code, the price ("1500.00"), the accepted assets, the tolerance in percent ("0.5"). */
export type PriceDraft = { currency: string; price: string; acceptedAssets: readonly string[]; tolerance: string }

export type PriceFieldErrors = Partial<Record<keyof PriceDraft, string>>

const assetKey = (address: string) => (address === NATIVE_ASSET ? NATIVE_ASSET : address.toLowerCase())

/**
 * Every rule of a price, as the form and the server both apply them: a currency Billfold prices in,
 * a price above 0 with no more decimals than the currency's minor unit, at least one asset of those
 * that can be quoted on the request's chain (`quotable`), and a tolerance from 0 to 5 %.
 */
export function checkPriceDraft(
  draft: PriceDraft,
  { quotable, currencies }: { quotable: readonly Asset[]; currencies?: readonly string[] | undefined },
): { ok: true; terms: PriceTerms } | { ok: false; errors: PriceFieldErrors } {
  const errors: PriceFieldErrors = {}
  const currency = fiatCurrency(draft.currency.trim().toUpperCase())
  if (!currency)
    errors.currency = `Choose one of the currencies Billfold prices in: ${fiatCurrencies.map((c) => c.code).join(', ')}.`
  else if (currencies && !currencies.includes(currency.code))
    errors.currency = `${currency.code} has no price feed on this network, so no payer could be quoted: choose one of ${currencies.join(', ')}.`
  let price = 0n
  if (currency) {
    const fraction = /\.(\d*)$/.exec(draft.price.trim())?.[1] ?? ''
    if (fraction.length > currency.minorDigits)
      errors.price =
        currency.minorDigits === 0
          ? `A price in ${currency.code} is a whole number: it has no smaller unit.`
          : `A price in ${currency.code} can have at most ${currency.minorDigits} decimal places.`
    else
      try {
        price = parseAmount(draft.price, currency.minorDigits)
      } catch (error) {
        if (!(error instanceof AmountError)) throw error
        errors.price = error.shortMessage.replace(/^Amount/, 'The price').replace(' for this asset', '')
      }
  }
  const byKey = new Map(quotable.map((asset) => [assetKey(asset.address), asset]))
  const accepted: (Address | typeof NATIVE_ASSET)[] = []
  for (const raw of draft.acceptedAssets) {
    const text = raw.trim()
    const asset = byKey.get(assetKey(text))
    if (!asset) {
      errors.acceptedAssets = `${text || 'An empty entry'} is not a token this network can price: choose among ${quotable.map((a) => a.symbol).join(', ')}.`
      break
    }
    const address = asset.address === NATIVE_ASSET ? NATIVE_ASSET : getAddress(asset.address)
    if (!accepted.includes(address)) accepted.push(address)
  }
  if (!errors.acceptedAssets && accepted.length === 0)
    errors.acceptedAssets = 'Choose at least one token the payer may pay in.'
  const toleranceBps = parseTolerance(draft.tolerance)
  if (typeof toleranceBps === 'string') errors.tolerance = toleranceBps
  if (Object.keys(errors).length > 0) return { ok: false, errors }
  return {
    ok: true,
    terms: { currency: currency!.code, price, acceptedAssets: accepted, toleranceBps: toleranceBps as number },
  }
}

/** A tolerance in percent ("0.5", "" for none) as basis points, or the sentence saying what is wrong. */
function parseTolerance(input: string): number | string {
  const text = input.trim()
  if (text === '' || /^0+(\.0*)?$/.test(text)) return 0
  if (text.startsWith('-')) return 'The tolerance cannot be below 0 %.'
  try {
    const bps = parseAmount(text, 2)
    return bps > BigInt(MAX_TOLERANCE_BPS)
      ? `The tolerance can be at most ${MAX_TOLERANCE_BPS / 100} %: more would let a payment far short of the price count as paid.`
      : Number(bps)
  } catch (error) {
    if (!(error instanceof AmountError)) throw error
    return error.shortMessage
      .replace(/^Amount/, 'The tolerance')
      .replace(' for this asset', ' (a percentage such as 0.5)')
  }
}

/**
 * Every rule of a new priced request: those of any request (chain, payer, memo, due date) and of its
 * price, the accepted tokens being those of the request's chain that can be priced (`quotable`).
 */
export function checkPricedRequestDraft(
  draft: RequestBasicsDraft & PriceDraft,
  context: {
    assets: readonly Asset[]
    quotable: readonly Asset[]
    /** The currencies that can be priced on a chain (those with a feed there); unchecked when absent. */
    currenciesOn?: (chainId: number) => readonly string[]
    now?: Date
    payee?: string | undefined
  },
):
  | { ok: true; terms: Omit<PricedRequestTerms, 'payee' | 'reference'> }
  | { ok: false; errors: FieldErrors & PriceFieldErrors } {
  const { errors, chainId, basics } = checkRequestBasics(draft, context)
  const price = checkPriceDraft(draft, {
    quotable: context.quotable.filter((a) => a.chainId === chainId),
    currencies: context.currenciesOn?.(chainId),
  })
  const all = { ...errors, ...(price.ok ? {} : price.errors) }
  if (!price.ok || Object.keys(errors).length > 0) return { ok: false, errors: all }
  return { ok: true, terms: { ...basics, ...price.terms } }
}

/** Every payment-critical field of a priced request, as the payee signs it. */
export type PricedRequestTerms = PriceTerms & {
  chainId: number
  payee: Address
  payer: Address | null
  memo: string
  dueAt: Date
  reference: Hex
}

export const pricedRequestTypes = {
  PricedPaymentRequest: [
    { name: 'chainId', type: 'uint256' },
    { name: 'currency', type: 'string' },
    { name: 'price', type: 'uint256' },
    { name: 'acceptedAssets', type: 'address[]' },
    { name: 'toleranceBps', type: 'uint16' },
    ...requestPartiesTypes,
  ],
} as const

/** EIP-712 typed data of a priced request: the native coin and "any payer" are the zero address, as in a token request. */
export function pricedRequestTypedData(terms: PricedRequestTerms) {
  return {
    domain: { name: 'Billfold', version: '1', chainId: terms.chainId },
    types: pricedRequestTypes,
    primaryType: 'PricedPaymentRequest' as const,
    message: {
      chainId: BigInt(terms.chainId),
      currency: terms.currency,
      price: terms.price,
      acceptedAssets: terms.acceptedAssets.map((a) => (a === NATIVE_ASSET ? zeroAddress : a)),
      toleranceBps: terms.toleranceBps,
      ...requestPartiesMessage(terms),
    },
  }
}
