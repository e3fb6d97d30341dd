import { formatUnits } from 'viem'
import { formatMoney, groupAmount } from '../amount.ts'
import { fiatCurrency } from '../currencies.ts'
import type { InvoiceDocument } from './invoiceDocument.ts'
import { EXTRA_PRICE_DECIMALS, QUANTITY_DECIMALS } from './invoiceTotals.ts'

/** The amounts of a document as its language writes them: money in its currency (or token), quantities, rates. */
export function documentFormats(document: Pick<InvoiceDocument, 'currency' | 'minorDigits' | 'language'>) {
  const locale = document.language
  const fiat = fiatCurrency(document.currency)
  // Digit for digit, grouped the language's way: Intl's fraction stops at 20 digits, a token's unit price goes to 22.
  const decimal = (value: bigint, scale: number, min = 0) => {
    const [whole, fraction = ''] = formatUnits(value, scale).split('.')
    const digits = fraction.padEnd(min, '0')
    return groupAmount(digits ? `${whole}.${digits}` : whole!, locale)
  }
  const money = (minor: bigint, extra = 0) =>
    fiat && extra === 0
      ? formatMoney(minor, fiat, locale)
      : fiat
        ? new Intl.NumberFormat(locale, {
            style: 'currency',
            currency: fiat.code,
            minimumFractionDigits: fiat.minorDigits,
            maximumFractionDigits: fiat.minorDigits + extra,
          }).format(formatUnits(minor, fiat.minorDigits + extra) as never)
        : `${decimal(minor, document.minorDigits + extra, Math.min(2, document.minorDigits))} ${document.currency}`
  return {
    money: (minor: bigint) => money(minor),
    unitPrice: (units: bigint) => money(units, EXTRA_PRICE_DECIMALS),
    quantity: (units: bigint) => decimal(units, QUANTITY_DECIMALS),
    /** A token amount received, every digit kept, grouped the language's way ("1.239,020473 EURC"). */
    token: (units: bigint, decimals: number, symbol: string) =>
      `${groupAmount(formatUnits(units, decimals), locale, symbol)} ${symbol}`,
    /** A rate in 1/100 of a percent. */
    rate: (units: bigint) =>
      new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(
        formatUnits(units, 4) as never,
      ),
    date: (isoDate: string) =>
      new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${isoDate}T00:00:00Z`)),
    time: (at: Date) =>
      new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC' }).format(at) +
      ' UTC',
  }
}
