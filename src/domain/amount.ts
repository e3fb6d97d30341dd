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
    throw new AmountError('must be digits with an optional decimal point, without separators (1000.50, not 1,000.50).')
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

/** Base units back to a decimal string, exactly, without trailing zeros. */
export function formatAmount(value: bigint, decimals: number): string {
  return formatUnits(value, decimals)
}

/**
 * A decimal amount string ("2000000.5") for people: the whole part grouped the locale's way, the
 * fraction kept digit for digit ("2,000,000.5" in English, "2.000.000,5" in German). No floats:
 * Intl formats the whole part as a bigint and the fraction is never rounded.
 */
export function groupAmount(decimal: string, locale?: string): string {
  const negative = decimal.startsWith('-')
  const [whole = '0', fraction = ''] = (negative ? decimal.slice(1) : decimal).split('.')
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

/** `value` rounded up to `digits` significant digits: an estimate ("about 0.000048 ETH") never shown lower than it is. */
export function roundUpSignificant(value: bigint, digits = 2): bigint {
  const drop = value.toString().length - digits
  if (value <= 0n || drop <= 0) return value
  const unit = 10n ** BigInt(drop)
  return ((value + unit - 1n) / unit) * unit
}
