/**
 * Minor units as a plain decimal with `digits` decimals at least (`1234.50`, `-12.00`), no grouping,
 * no floats; `comma` for the German decimal comma DATEV reads.
 */
export function moneyText(minor: bigint, minorDigits: number, { digits = minorDigits, comma = false } = {}): string {
  const negative = minor < 0n
  const text = (negative ? -minor : minor).toString().padStart(minorDigits + 1, '0')
  const whole = minorDigits === 0 ? text : text.slice(0, -minorDigits)
  const fraction = (minorDigits === 0 ? '' : text.slice(-minorDigits)).padEnd(digits, '0')
  const number = fraction ? `${whole}${comma ? ',' : '.'}${fraction}` : whole
  return negative ? `-${number}` : number
}

/**
 * `total` split across `weights` in proportion, each share rounded down against the running sum so
 * the shares add up to `total` exactly (a payment across an invoice's tax rates).
 */
export function splitByWeights(total: bigint, weights: readonly bigint[]): bigint[] {
  const sum = weights.reduce((a, b) => a + b, 0n)
  if (sum <= 0n) return [total]
  let before = 0n
  return weights.map((weight) => {
    const start = (total * before) / sum
    before += weight
    return (total * before) / sum - start
  })
}
