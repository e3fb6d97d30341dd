/** How many decimals a quantity may have (1.5 hours, 0.25 days, 2.125 kg). */
export const QUANTITY_DECIMALS = 4
/** A unit price may be finer than the minor unit by this many decimals (0.3333 € a page). */
export const EXTRA_PRICE_DECIMALS = 4
/** Tax rates are percentages with at most two decimals (7.7 %, 5.5 %, 19 %). */
export const TAX_RATE_DECIMALS = 2

/** Where tax is rounded to the minor unit: on each line, or once per rate on the sum of its lines. */
export type TaxRounding = 'line' | 'total'

/**
 * A line as integers: quantity in 1/10⁴, unit price in 1/10^(minor + 4), rate in 1/100 of a percent;
 * a version 2 line also names its VAT category (EN 16931's S, Z, E, AE, K, G, O).
 */
export type InvoiceLineUnits = { quantity: bigint; unitPrice: bigint; taxRate: bigint; taxCategory?: string }

export type RateTotal = { rate: bigint; net: bigint; tax: bigint; category?: string }

/** Every amount of an invoice in the currency's minor units. */
export type InvoiceTotals = {
  lines: { net: bigint; tax: bigint }[]
  rates: RateTotal[]
  net: bigint
  tax: bigint
  total: bigint
}

/** Half away from zero, as invoices round (0.5 cent up); the value is never negative here. */
function roundDigits(value: bigint, digits: number): bigint {
  const unit = 10n ** BigInt(digits)
  return (value + unit / 2n) / unit
}

/**
 * The invoice's amounts, exactly: each line's net is rounded to the minor unit (as an accountant sees
 * it), then tax is rounded per line and summed per rate (`line`) or computed on each rate's net sum
 * (`total`, as EN 16931 does). Rates come out in the order they first appear, one per VAT category
 * and rate when the lines name their category (EN 16931's VAT breakdown).
 */
export function invoiceTotals(lines: readonly InvoiceLineUnits[], rounding: TaxRounding): InvoiceTotals {
  // quantity (10⁴) × price (10^(minor+4)) is in 10^(minor+8): eight digits above the minor unit.
  const lineNets = lines.map((l) => roundDigits(l.quantity * l.unitPrice, QUANTITY_DECIMALS + EXTRA_PRICE_DECIMALS))
  // A rate in 1/100 of a percent is a fraction in 10⁴.
  const lineTaxes = lines.map((l, i) => roundDigits(lineNets[i]! * l.taxRate, 4))
  const rates = new Map<string, RateTotal>()
  lines.forEach((l, i) => {
    const key = `${l.taxCategory ?? ''}:${l.taxRate}`
    const entry =
      rates.get(key) ??
      (l.taxCategory === undefined
        ? { rate: l.taxRate, net: 0n, tax: 0n }
        : { category: l.taxCategory, rate: l.taxRate, net: 0n, tax: 0n })
    entry.net += lineNets[i]!
    if (rounding === 'line') entry.tax += lineTaxes[i]!
    rates.set(key, entry)
  })
  if (rounding === 'total') for (const entry of rates.values()) entry.tax = roundDigits(entry.net * entry.rate, 4)
  const rateList = [...rates.values()]
  const net = rateList.reduce((sum, r) => sum + r.net, 0n)
  const tax = rateList.reduce((sum, r) => sum + r.tax, 0n)
  return {
    lines: lines.map((_, i) => ({ net: lineNets[i]!, tax: lineTaxes[i]! })),
    rates: rateList,
    net,
    tax,
    total: net + tax,
  }
}
