import { useStore } from '@nanostores/react'
import { AmountError, delocalizeAmount } from '../../../domain/amount.ts'
import type { InvoiceLineDraft } from '../../../domain/invoice/invoiceDraft.ts'
import { moneyFieldText, readMoney, type MoneyReading } from '../../components/MoneyField.tsx'
import { locale } from '../../i18n/i18n.ts'

/** A number typed the person's way as a plain decimal; left as typed when it cannot be read, for the draft's rules to name. */
function plain(typed: string, code: string): string {
  try {
    return delocalizeAmount(typed, code)
  } catch (error) {
    if (error instanceof AmountError) return typed
    throw error
  }
}

/**
 * The invoice's lines as typed ("120,50", "1,5" in German) and as plain decimals for the draft, so
 * the live totals follow what the person writes; each unit price's reading says why one cannot be read.
 */
export function useTypedLines(lines: readonly InvoiceLineDraft[], symbol: string) {
  const code = useStore(locale)
  const text = useStore(moneyFieldText)
  const readings: MoneyReading[] = lines.map((line) =>
    readMoney(line.unitPrice, { symbol, decimals: undefined }, code, text),
  )
  return {
    readings,
    plainLines: lines.map((line, i) => ({
      ...line,
      quantity: plain(line.quantity, code),
      unitPrice: readings[i]!.error ? line.unitPrice : readings[i]!.decimal,
      taxRate: plain(line.taxRate, code),
    })),
  }
}
