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
  if (/[,\s_]/.test(text)) throw new AmountError('must be digits with an optional decimal point, without separators (1000.50, not 1,000.50).')
  const match = decimalPattern.exec(text)
  if (!match) throw new AmountError('must be a number such as 25 or 12.50.')
  const fraction = match[2] ?? ''
  if (fraction.length > decimals)
    throw new AmountError(decimals === 0 ? 'must be a whole number for this asset.' : `can have at most ${decimals} decimal places for this asset.`)
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
