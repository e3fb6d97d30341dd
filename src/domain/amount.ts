import { formatUnits, maxUint256, parseUnits } from 'viem'
import { BaseError } from './baseError.ts'
import { fiatCurrency } from './currencies.ts'

/** Why a typed amount was refused: each has its own sentence in every language (the money field's catalog). */
export type AmountProblem =
  | 'required'
  | 'exponent'
  | 'notPositive'
  | 'notNumber'
  | 'tooManyDecimals'
  | 'wholeNumber'
  | 'tooLarge'
  | 'ambiguous'
  | 'misplacedSeparator'
  | 'otherAsset'

/**
 * A typed amount that cannot be read. `problem` says which refusal it is and `values` fills its
 * sentence (the locale's example, the two readings of an ambiguous amount), so a screen can say it
 * in the reader's language; `shortMessage` is the English sentence for the API.
 */
export class AmountError extends BaseError {
  override name = 'AmountError'
  readonly problem: AmountProblem
  readonly values: Readonly<Record<string, string>>
  constructor(problem: AmountProblem, sentence: string, values: Record<string, string> = {}) {
    super({ code: 'AMOUNT_INVALID', shortMessage: `Amount ${sentence}` })
    this.problem = problem
    this.values = values
  }
}

const decimalPattern = /^(\d+)(?:\.(\d+))?$/

/**
 * Parses what a person typed ("12.5") into base units, exactly: no floats, no rounding. Refuses
 * anything that is not a plain positive decimal with at most `decimals` decimal places.
 */
export function parseAmount(input: string, decimals: number): bigint {
  const text = input.trim()
  if (text === '') throw new AmountError('required', 'is required.')
  if (/[eE]/.test(text))
    throw new AmountError('exponent', 'must be written out in full, without an exponent (1000000, not 1e6).')
  if (text.startsWith('-')) throw new AmountError('notPositive', 'must be more than zero.')
  if (/[,\s_]/.test(text))
    throw new AmountError(
      'misplacedSeparator',
      'must be digits with an optional decimal point and no other separator, such as 1000.50.',
      { plain: '1000.50', example: '1000.50' },
    )
  const match = decimalPattern.exec(text)
  if (!match) throw new AmountError('notNumber', 'must be a number such as 25 or 12.50.', { example: '12.50' })
  const fraction = match[2] ?? ''
  if (fraction.length > decimals)
    throw decimals === 0
      ? new AmountError('wholeNumber', 'must be a whole number for this asset.')
      : new AmountError('tooManyDecimals', `can have at most ${decimals} decimal places for this asset.`, {
          decimals: String(decimals),
        })
  if (match[1]!.replace(/^0+/, '').length + decimals > 78) throw new AmountError('tooLarge', 'is too large.')
  const value = parseUnits(text, decimals)
  if (value === 0n) throw new AmountError('notPositive', 'must be more than zero.')
  if (value > maxUint256) throw new AmountError('tooLarge', 'is too large.')
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

// Spaces of every width and apostrophes (straight and typographic) group digits; none is a decimal mark.
const SPACES = /[\s\u00a0\u202f'\u2019]/g
const SIGNS: Record<string, string> = { '€': 'EUR', $: 'USD', '£': 'GBP', '¥': 'JPY', '￥': 'JPY' }
// A sign or code pasted before or after the number: "€12,50", "12,50 €", "USDC 12.50", "12.50 usdc".
const LABELLED = /^(?:([€$£¥￥]|[A-Za-z]{2,6})\s*)?([^€$£¥￥A-Za-z]*?)(?:\s*([€$£¥￥]|[A-Za-z]{2,6}))?$/

/**
 * The currency or token a pasted sign or code names, when the field's asset is `symbol`: the same
 * asset, or the currency a stablecoin follows (USD for USDC, EUR for EURC), is that asset.
 */
function namesAsset(label: string, symbol: string): boolean {
  const code = SIGNS[label] ?? label.toUpperCase()
  const asset = symbol.toUpperCase()
  return code === asset || (code.length === 3 && asset.startsWith(code)) || (code === 'USD' && asset === 'DAI')
}

/**
 * What a person typed, in their locale's way, as a plain decimal for parseAmount: "1.000,50" and
 * "1000,50" in German, "1 000,50" in French and "1,000.50" in English all read 1000.50, and a
 * currency sign or code pasted with it ("12,50 €", "USDC 12.50") is dropped when it names the
 * field's asset (`symbol`). A point where a German wrote "12.50" (not a valid thousands group) is
 * read as the decimal point people paste from elsewhere, so a lone separator before exactly three
 * digits ("1.000" in German, "1,000" in English) could be a thousand or one: it is refused with
 * both readings, never guessed. The locale's own decimal mark is always its decimal mark.
 */
export function delocalizeAmount(input: string, locale?: string, symbol?: string): string {
  const labelled = LABELLED.exec(input.trim())
  const label = labelled?.[1] ?? labelled?.[3]
  if (labelled && !(labelled[1] && labelled[3]) && label && /\d/.test(labelled[2]!)) {
    if (symbol && !namesAsset(label, symbol))
      throw new AmountError('otherAsset', `is in ${symbol}: leave out “${label}”.`, { label, symbol })
    input = labelled[2]!
  }
  const text = input.trim().replace(SPACES, ' ')
  if (!/^[\d.,' ]+$/.test(text) || !/[.,' ]/.test(text)) return text
  const { decimal, plain, example } = amountConventions(locale)
  const wrong = () =>
    new AmountError('misplacedSeparator', `has a separator in the wrong place: write it as ${plain} or ${example}.`, {
      plain,
      example,
    })
  const points = [...text].filter((c) => c === '.').length
  const commas = [...text].filter((c) => c === ',').length
  let decimalChar: string | undefined
  if (points && commas) decimalChar = text.lastIndexOf('.') > text.lastIndexOf(',') ? '.' : ','
  else if (points + commas === 1) {
    const char = points ? '.' : ','
    const [whole = '', after = ''] = text.split(char)
    const digits = whole.replace(/ /g, '')
    if (char !== decimal && after.length === 3 && /^[1-9]/.test(digits)) {
      const large = `${digits}${after}`
      const small = `${digits}${decimal}${after}`
      throw new AmountError('ambiguous', `could mean ${large} or ${small}: type ${large} or ${small}.`, {
        typed: text,
        large,
        small,
      })
    }
    decimalChar = char
  }
  const [whole = '', fraction = '', ...rest] = decimalChar ? text.split(decimalChar) : [text]
  if (rest.length || /[.,' ]/.test(fraction)) throw wrong()
  const groups = whole.split(/[.,' ]/)
  if (groups.length > 1 && (!/^\d{1,3}$/.test(groups[0]!) || groups.slice(1).some((g) => !/^\d{3}$/.test(g))))
    throw wrong()
  return fraction ? `${groups.join('')}.${fraction}` : groups.join('')
}

/**
 * A typed amount in base units, read the person's way (delocalizeAmount, then parseAmount): the
 * one reading every money field uses. Throws an AmountError saying which refusal it is.
 */
export function readAmount(typed: string, decimals: number, locale?: string, symbol?: string) {
  const decimal = delocalizeAmount(typed, locale, symbol)
  return { decimal, value: parseAmount(decimal, decimals) }
}

/** Base units back to a decimal string, exactly, without trailing zeros. */
export function formatAmount(value: bigint, decimals: number): string {
  return formatUnits(value, decimals)
}

/** Tokens whose unit is a currency's: shown with its cents, as the payee typed them (12.50, not 12.5). */
const CENT_TOKENS = new Set(['USDC', 'EURC', 'USDT', 'DAI'])

/** The fraction digits an asset is always shown with: a currency's minor unit, a currency token's cents, else none. */
function naturalDigits(symbol?: string): number {
  if (!symbol) return 0
  return fiatCurrency(symbol)?.minorDigits ?? (CENT_TOKENS.has(symbol) ? 2 : 0)
}

/**
 * A decimal amount string ("2000000.5") for people: the whole part grouped the locale's way, the
 * fraction kept digit for digit ("2,000,000.5" in English, "2.000.000,5" in German). No floats:
 * Intl formats the whole part as a bigint and the fraction is never rounded. Given a currency's
 * code or a currency token's symbol, the fraction shows at least its minor unit ("12.50").
 */
export function groupAmount(decimal: string, locale?: string, symbol?: string): string {
  const negative = decimal.startsWith('-')
  const [whole = '0', written = ''] = (negative ? decimal.slice(1) : decimal).split('.')
  const fraction = written.padEnd(naturalDigits(symbol), '0')
  const format = new Intl.NumberFormat(locale, { useGrouping: true })
  const separator = format.formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.'
  return `${negative ? '-' : ''}${format.format(BigInt(whole))}${fraction ? `${separator}${fraction}` : ''}`
}

/** Base units as `groupAmount` shows them ("12,50" for 12500000 USDC in German): screens and e-mails alike. */
export const groupUnits = (value: bigint, decimals: number, locale?: string, symbol?: string): string =>
  groupAmount(formatAmount(value, decimals), locale, symbol)

/**
 * An amount with its unit, the one way every screen and e-mail shows one: a currency the locale's
 * way with its minor unit ("49,90 €", "€150.00"), a token grouped with its unit ("12,50 USDC",
 * "0.0125 ETH"), every digit of `decimal` kept.
 */
export function formatAssetAmount(decimal: string, symbol: string, locale?: string): string {
  const currency = fiatCurrency(symbol)
  if (!currency) return `${groupAmount(decimal, locale, symbol)} ${symbol}`
  const digits = Math.max(currency.minorDigits, decimal.split('.')[1]?.length ?? 0)
  // A numeric string keeps every digit (Intl.NumberFormat v3); `as never` because the types predate it.
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: currency.code,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(decimal as never)
}

/**
 * A balance for reading, the one way Billfold shows what someone holds: at most `digits` decimal
 * places, or two significant digits when it is smaller than that shows, cut toward zero so a
 * balance never reads more than is held ("9,999.99996535806629422" reads "9,999.9999";
 * "0.0000123" reads "0.000012"). `exact` is every digit, for a tap or hover away.
 */
export function roundForReading(value: bigint, decimals: number, locale?: string, symbol?: string, digits = 4) {
  const exact = groupAmount(formatAmount(value, decimals), locale, symbol)
  const magnitude = value < 0n ? -value : value
  const small = magnitude > 0n && magnitude < 10n ** BigInt(Math.max(decimals - digits, 0))
  const keep = Math.min(decimals, small ? decimals - magnitude.toString().length + 2 : digits)
  const unit = 10n ** BigInt(decimals - keep)
  const rounded = magnitude - (magnitude % unit)
  const text = groupAmount(formatAmount(value < 0n ? -rounded : rounded, decimals), locale, symbol)
  return { text, exact, isExact: rounded === magnitude }
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
