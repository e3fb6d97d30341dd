import { useStore } from '@nanostores/react'
import { useMemo } from 'react'
import {
  formatAmount,
  formatAssetAmount,
  formatMoney,
  formatUsd,
  groupAmount,
  groupUnits,
  roundForReading,
} from '../../domain/amount.ts'
import { locale } from './i18n.ts'

/** "in 6 days", "in 3 hours", "5 minutes ago": how long until `iso`, for people, in `code`'s words. */
export function timeLeft(iso: string, now: number, code?: string): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000)
  const format = new Intl.RelativeTimeFormat(code, { numeric: 'auto' })
  for (const [unit, size] of [
    ['day', 86_400],
    ['hour', 3600],
    ['minute', 60],
  ] as const)
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit)
  return format.format(seconds, 'second')
}

/** Numbers, amounts and dates the shown language's way. Amounts stay exact: strings and bigints, never floats. */
export function useFormat() {
  const code = useStore(locale)
  return useMemo(() => {
    const dateTime = new Intl.DateTimeFormat(code, { dateStyle: 'medium', timeStyle: 'short' })
    const day = new Intl.DateTimeFormat(code, { dateStyle: 'full' })
    const integer = new Intl.NumberFormat(code)
    return {
      locale: code,
      /** A decimal string from the API ("2000000.5"); a currency token's `symbol` keeps its cents. */
      amount: (decimal: string, symbol?: string) => groupAmount(decimal, code, symbol),
      /** Base units and the asset's decimals. */
      units: (value: bigint, decimals: number, symbol?: string) => groupUnits(value, decimals, code, symbol),
      /** An amount with its unit, the asset's natural precision ("49,90 €", "12,50 USDC"), from a decimal string. */
      asset: (decimal: string, symbol: string) => formatAssetAmount(decimal, symbol, code),
      /** The same from base units. */
      assetUnits: (value: bigint | string, decimals: number, symbol: string) =>
        formatAssetAmount(formatAmount(BigInt(value), decimals), symbol, code),
      /** A balance for reading (`text`, never more than is held), with every digit (`exact`) a tap away. */
      balance: (value: bigint, decimals: number, symbol?: string) => roundForReading(value, decimals, code, symbol),
      usd: (value: bigint, decimals: number) => formatUsd(value, decimals, code),
      /** A price in minor units of its currency ("1.500,00 €"). */
      money: (minor: bigint | string, currency: { code: string; minorDigits: number }) =>
        formatMoney(BigInt(minor), currency, code),
      dateTime: (iso: string) => dateTime.format(new Date(iso)),
      /** A day without its time, as a report covers ("Friday, November 27, 2026"). */
      day: (iso: string) => day.format(new Date(iso)),
      timeLeft: (iso: string, now: number) => timeLeft(iso, now, code),
      integer: (value: number | bigint | string) => integer.format(typeof value === 'string' ? BigInt(value) : value),
    }
  }, [code])
}
