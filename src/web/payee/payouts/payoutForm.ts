import { AmountError, formatAmount, parseAmount } from '../../../domain/amount.ts'
import { sumAmounts } from '../../../domain/money.ts'
import {
  checkPayoutLines,
  MAX_PAYOUT_LINES,
  MAX_PAYOUT_NOTE,
  readPayoutCsv,
  type PayoutAsset,
  type PayoutProblem,
} from '../../../domain/payout.ts'
import type { MoneyReading } from '../../components/MoneyField.tsx'

/** A line as the form holds it: the amount as typed, the way the payee writes numbers. */
export type PayoutRowDraft = { key: number; address: string; amount: string; token: string; note: string }
export type RowField = 'address' | 'amount' | 'token' | 'note'
/** What the form says of each line, by its number (1-based) and field, as problem kinds. */
export type RowProblems = Map<number, Partial<Record<RowField, PayoutProblem>>>

let nextKey = 0
export const emptyRow = (token: string): PayoutRowDraft => ({
  key: nextKey++,
  address: '',
  amount: '',
  token,
  note: '',
})
const blank = (row: PayoutRowDraft) => !row.address.trim() && !row.amount.trim() && !row.note.trim()

/**
 * The lines of a file added to the form: the typed lines stay, blank ones give way. A file that
 * cannot be read (a row of five columns, a broken quote) changes nothing: its problems say the row.
 * Amounts are plain decimals in the file and become the payee's way of writing them (`written`).
 */
export function addCsvLines(
  rows: readonly PayoutRowDraft[],
  text: string,
  assets: readonly PayoutAsset[],
  written: (units: bigint, decimals: number) => string,
): { rows: PayoutRowDraft[]; added: number } | { problems: PayoutProblem[] } {
  const { drafts, problems } = readPayoutCsv(text)
  if (problems.length > 0) return { problems }
  const added = drafts.map((d) => {
    const asset = assets.find((a) => a.symbol.toLowerCase() === d.token.trim().toLowerCase())
    let amount = d.amount
    if (asset)
      try {
        amount = written(parseAmount(d.amount.trim(), asset.decimals), asset.decimals)
      } catch (error) {
        if (!(error instanceof AmountError)) throw error
      }
    return { key: nextKey++, address: d.address, amount, token: asset?.symbol ?? '', note: d.note ?? '' }
  })
  return { rows: [...rows.filter((r) => !blank(r)), ...added], added: added.length }
}

/**
 * Every line checked as the server checks it (the domain's rules), the amount read the payee's way
 * (`readings`, one a line). Either the lines to send, with each token's total, or each line's problems.
 */
export function checkRows(
  rows: readonly PayoutRowDraft[],
  readings: readonly MoneyReading[],
  { payee, assets }: { payee: string; assets: readonly PayoutAsset[] },
) {
  const drafts = rows.map((r, i) => ({
    address: r.address,
    amount: readings[i]!.error ? '' : readings[i]!.decimal,
    token: r.token,
    note: r.note,
  }))
  const checked = checkPayoutLines(drafts, { payee, assets })
  const byRow: RowProblems = new Map()
  const general: PayoutProblem[] = []
  if ('problems' in checked)
    for (const p of checked.problems) {
      if (p.row === 0 || p.field === 'lines') general.push(p)
      else byRow.set(p.row, { ...byRow.get(p.row), [p.field]: p })
    }
  if ('problems' in checked) return { ok: false as const, byRow, general }
  const totals = [...new Set(checked.lines.map((l) => l.asset.symbol))].map((symbol) => {
    const lines = checked.lines.filter((l) => l.asset.symbol === symbol)
    const { decimals } = lines[0]!.asset
    return { symbol, decimals, total: sumAmounts(lines.map((l) => l.amount)) }
  })
  return {
    ok: true as const,
    lines: checked.lines.map((l) => ({ ...l, decimal: formatAmount(l.amount, l.asset.decimals) })),
    totals,
  }
}

export const PAYOUT_LIMITS = { tooManyLines: MAX_PAYOUT_LINES, noteLong: MAX_PAYOUT_NOTE }
