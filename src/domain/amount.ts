import { formatUnits, maxUint256, parseUnits } from 'viem'
import { BaseError } from './baseError.ts'

export class AmountError extends BaseError {
  override name = 'AmountError'
  constructor(problem: string) {
    super({ code: 'AMOUNT_INVALID', shortMessage: `Amount ${problem}` })
  }
}

const decimalPattern = /^(\d+)(?:\.(\d+))?$/

/**
 * Parses what a person typed ("12.5") into base units, exactly: no floats, no rounding. Refuses
 * anything that is not a plain positive decimal with at most `decimals` decimal places.
 */
export function parseAmount(input: string, decimals: number): bigint {
  const text = input.trim()
  if (text === '') throw new AmountError('is required.')
  if (/[eE]/.test(text)) throw new AmountError('must be written out in full, without an exponent (1000000, not 1e6).')
  if (text.startsWith('-')) throw new AmountError('must be more than zero.')
  if (/[,\s_]/.test(text))
    throw new AmountError('must be digits with an optional decimal point and no other separator, such as 1000.50.')
  const match = decimalPattern.exec(text)
  if (!match) throw new AmountError('must be a number such as 25 or 12.50.')
  const fraction = match[2] ?? ''
  if (fraction.length > decimals)
    throw new AmountError(
      decimals === 0
        ? 'must be a whole number for this asset.'
        : `can have at most ${decimals} decimal places for this asset.`,
    )
  if (match[1]!.replace(/^0+/, '').length + decimals > 78) throw new AmountError('is too large.')
  const value = parseUnits(text, decimals)
  if (value === 0n) throw new AmountError('must be more than zero.')
  if (value > maxUint256) throw new AmountError('is too large.')
  return value
}

/** The locale's decimal and grouping characters, and how it writes one thousand and a half ("1.000,50"). */
export function amountConventions(locale?: string) {
  const format = new Intl.NumberFormat(locale, { minimumFractionDigits: 2 })
  const parts = format.formatToParts(1000.5)
  const decimal = parts.find((p) => p.type === 'decimal')?.value ?? '.'
  const group = parts.find((p) => p.type === 'group')?.value ?? ','
  return { decimal, group, example: format.format(1000.5), plain: `1000${decimal}50` }
}

const SPACES = /[\s\u00a0\u202f']/g

/**
 * What a person typed, in their locale's way, as a plain decimal for parseAmount: "1.000,50" and
 * "1000,50" in German, "1 000,50" in French and "1,000.50" in English all read 1000.50. A point
 * where a German wrote "12.50" (not a valid thousands group) is read as the decimal point people
 * paste from elsewhere. Separators in impossible places are refused, naming the locale's way.
 */
export function delocalizeAmount(input: string, locale?: string): string {
  const text = input.trim().replace(SPACES, ' ')
  if (!/^[\d.,' ]+$/.test(text) || !/[.,' ]/.test(text)) return text
  const { decimal, group, plain, example } = amountConventions(locale)
  const wrong = () => new AmountError(`has a separator in the wrong place: write it as ${plain} or ${example}.`)
  const points = [...text].filter((c) => c === '.').length
  const commas = [...text].filter((c) => c === ',').length
  let decimalChar: string | undefined
  if (points && commas) decimalChar = text.lastIndexOf('.') > text.lastIndexOf(',') ? '.' : ','
  else if (points + commas === 1) {
    const char = points ? '.' : ','
    const [whole = '', after = ''] = text.split(char)
    const groupLike = after.length === 3 && /^[1-9]/.test(whole.replace(/ /g, ''))
    // One separator: the locale's decimal, or where no thousands group can be, a decimal point;
    // the locale's group before three digits; anything else could be either, and money is not guessed.
    if (char === decimal || !groupLike) decimalChar = char
    else if (char !== group) throw wrong()
  }
  const [whole = '', fraction = '', ...rest] = decimalChar ? text.split(decimalChar) : [text]
  if (rest.length || /[.,' ]/.test(fraction)) throw wrong()
  const groups = whole.split(/[.,' ]/)
  if (groups.length > 1 && (!/^\d{1,3}$/.test(groups[0]!) || groups.slice(1).some((g) => !/^\d{3}$/.test(g))))
    throw wrong()
  return fraction ? `${groups.join('')}.${fraction}` : groups.join('')
}

/** Base units back to a decimal string, exactly, without trailing zeros. */
export function formatAmount(value: bigint, decimals: number): string {
  return formatUnits(value, decimals)
}

/** Tokens whose unit is a currency's: shown with its cents, as the payee typed them (12.50, not 12.5). */
const CENT_TOKENS = new Set(['USDC', 'EURC', 'USDT', 'DAI'])

/**
 * A decimal amount string ("2000000.5") for people: the whole part grouped the locale's way, the
 * fraction kept digit for digit ("2,000,000.5" in English, "2.000.000,5" in German). No floats:
 * Intl formats the whole part as a bigint and the fraction is never rounded. Given a currency
 * token's symbol, the fraction shows at least the cents ("12.50").
 */
export function groupAmount(decimal: string, locale?: string, symbol?: string): string {
  const negative = decimal.startsWith('-')
  const [whole = '0', written = ''] = (negative ? decimal.slice(1) : decimal).split('.')
  const fraction = symbol && CENT_TOKENS.has(symbol) ? written.padEnd(2, '0') : written
  const format = new Intl.NumberFormat(locale, { useGrouping: true })
  const separator = format.formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.'
  return `${negative ? '-' : ''}${format.format(BigInt(whole))}${fraction ? `${separator}${fraction}` : ''}`
}

/** A dollar stablecoin amount as US dollars, rounded half up to the cent on the integer, for a "≈ $12.35" line. */
export function formatUsd(value: bigint, decimals: number, locale?: string): string {
  const scale = 10n ** BigInt(decimals)
  const cents = decimals >= 2 ? (value * 100n + scale / 2n) / scale : value * 10n ** BigInt(2 - decimals)
  const text = `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`
  // A numeric string keeps every digit (Intl.NumberFormat v3); `as never` because the types predate it.
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).format(text as never)
}

/** A price in a currency's minor units, the locale's way ("1.500,00 €"): exact, from a numeric string. */
export function formatMoney(minor: bigint, currency: { code: string; minorDigits: number }, locale?: string): string {
  const negative = minor < 0n
  const digits = (negative ? -minor : minor).toString().padStart(currency.minorDigits + 1, '0')
  const whole = digits.slice(0, digits.length - currency.minorDigits)
  const text = currency.minorDigits ? `${whole}.${digits.slice(-currency.minorDigits)}` : whole
  return new Intl.NumberFormat(locale, { style: 'currency', currency: currency.code }).format(
    `${negative ? '-' : ''}${text}` as never,
  )
}

/** `value` rounded up to `digits` significant digits: an estimate ("about 0.000048 ETH") never shown lower than it is. */
export function roundUpSignificant(value: bigint, digits = 2): bigint {
  const drop = value.toString().length - digits
  if (value <= 0n || drop <= 0) return value
  const unit = 10n ** BigInt(drop)
  return ((value + unit - 1n) / unit) * unit
}
