import { AmountError, parseAmount } from '../amount.ts'
import { fiatCurrency } from '../currencies.ts'
import { fieldErrors } from '../errors/input.ts'
import type { Asset } from '../paymentRequest.ts'

export const MAX_TILL_NAME_LENGTH = 60
export const MAX_TILL_ITEMS = 24
export const MAX_TILL_TIPS = 4
/** A tip choice at most this many basis points (50 %). */
export const MAX_TIP_BPS = 5_000

/** A till as the payee's form sends it: decimals in the till's unit, tips in percent. */
export type TillDraft = {
  name: string
  chainId: number
  /** The token a sale is paid in. */
  asset: string
  /** The shop's currency ("EUR") its keypad counts in, or null to count in the token. */
  currency: string | null
  items: readonly { name: string; price: string }[]
  /** Percentages such as "10" or "12.5". */
  tips: readonly string[]
}

export type CheckedTill = {
  name: string
  chainId: number
  asset: Asset
  currency: string | null
  items: { name: string; price: string }[]
  tipsBps: number[]
}

/** The unit a till counts in: its currency's minor units, else its token's base units. */
export function tillUnit(till: { currency: string | null }, asset: Pick<Asset, 'symbol' | 'decimals'>) {
  const currency = till.currency === null ? undefined : fiatCurrency(till.currency)
  return currency ? { symbol: currency.code, decimals: currency.minorDigits } : asset
}

const amountOr = (text: string, decimals: number): bigint | string => {
  try {
    return parseAmount(text, decimals)
  } catch (error) {
    if (error instanceof AmountError) return error.shortMessage.replace(/^Amount /, '')
    throw error
  }
}

/**
 * Checks a till's terms, naming each wrong field: the token must be offered on the chain, a currency
 * must be one the chain's feeds price `asset` in (`quotable`, `currencies`), items need a name and a price.
 */
export function checkTillDraft(
  draft: TillDraft,
  {
    assets,
    quotable,
    currencies,
  }: { assets: readonly Asset[]; quotable: readonly Asset[]; currencies: readonly string[] },
): CheckedTill {
  const errors: Record<string, string | undefined> = {}
  const name = draft.name.trim()
  if (name === '') errors.name = 'The till needs a name, such as “Front counter”.'
  else if (name.length > MAX_TILL_NAME_LENGTH)
    errors.name = `The name can have at most ${MAX_TILL_NAME_LENGTH} characters.`
  const asset = assets.find(
    (a) => a.chainId === draft.chainId && a.address.toLowerCase() === draft.asset.trim().toLowerCase(),
  )
  if (!asset) errors.asset = 'This token is not offered on this network.'
  const currency = draft.currency?.trim() ? draft.currency.trim().toUpperCase() : null
  if (currency !== null) {
    if (!fiatCurrency(currency) || !currencies.includes(currency))
      errors.currency = `Prices in ${currency} cannot be quoted on this network.`
    else if (asset && !quotable.some((a) => a.chainId === asset.chainId && a.address === asset.address))
      errors.asset = `${asset.symbol} has no price feed here: choose another token or count in ${asset.symbol}.`
  }
  const unit = asset ? tillUnit({ currency: errors.currency ? null : currency }, asset) : undefined
  const items: { name: string; price: string }[] = []
  if (draft.items.length > MAX_TILL_ITEMS) errors.items = `A till can have at most ${MAX_TILL_ITEMS} items.`
  draft.items.forEach((item, i) => {
    const itemName = item.name.trim()
    if (itemName === '' || itemName.length > MAX_TILL_NAME_LENGTH)
      errors[`items.${i}.name`] = `Item ${i + 1} needs a name of at most ${MAX_TILL_NAME_LENGTH} characters.`
    if (!unit) return
    const price = amountOr(item.price, unit.decimals)
    if (typeof price === 'string') errors[`items.${i}.price`] = `The price of item ${i + 1} ${price}`
    else items.push({ name: itemName, price: price.toString() })
  })
  if (draft.tips.length > MAX_TILL_TIPS) errors.tips = `A till offers at most ${MAX_TILL_TIPS} tip choices.`
  const tipsBps: number[] = []
  for (const tip of draft.tips) {
    const bps = amountOr(tip, 2)
    if (typeof bps === 'string' || bps > BigInt(MAX_TIP_BPS))
      errors.tips = `Each tip is a percentage above 0 and at most ${MAX_TIP_BPS / 100}, such as 10 or 12.5.`
    else tipsBps.push(Number(bps))
  }
  if (Object.values(errors).some((e) => e !== undefined)) throw fieldErrors(errors)
  return {
    name,
    chainId: draft.chainId,
    asset: asset!,
    currency,
    items,
    tipsBps: [...new Set(tipsBps)].sort((a, b) => a - b),
  }
}
