import type { Db } from '../../db/createDatabase.ts'
import { BadUserInputError } from '../../domain/errors/input.ts'
import { portion, sumAmounts } from '../../domain/money.ts'
import type { Asset } from '../../domain/paymentRequest.ts'
import { tillUnit } from '../../domain/pos/tillDraft.ts'
import { salesBetween } from './tillSales.ts'
import type { TillRow } from './tills.ts'

/** The statuses of a sale the payer paid in full (or more). */
const PAID = ['paid', 'overpaid']
/** A report covers at most two days: a cashier's day in any time zone. */
const MAX_SPAN_MS = 48 * 3600_000

export type ReportLine = {
  saleId: string
  requestId: string
  at: Date
  status: string
  /** In the till's unit (its shop currency, or its token). */
  subtotal: bigint
  tip: bigint
  total: bigint
  /** In the token: what the payer sent, and the tip's share of it. */
  received: bigint
  tipReceived: bigint
}

export type DayReport = {
  till: TillRow
  unit: { symbol: string; decimals: number }
  asset: Asset
  from: Date
  to: Date
  /** Every sale charged in the span; only the paid ones count in the totals. */
  lines: ReportLine[]
  paid: { count: number; subtotal: bigint; tips: bigint; total: bigint; received: bigint; tipsReceived: bigint }
}

/**
 * A till's end-of-day report: the sales charged between `from` and `to` (the cashier's local day,
 * as their browser counts it) and, of the paid ones, the sums in the shop's unit and in the token.
 */
export async function dayReport(
  db: Db,
  till: TillRow,
  assets: readonly Asset[],
  { from, to }: { from: Date; to: Date },
): Promise<DayReport> {
  if (!(to.getTime() > from.getTime()) || to.getTime() - from.getTime() > MAX_SPAN_MS)
    throw new BadUserInputError({
      field: 'to',
      shortMessage: 'A report covers from one instant to a later one, at most two days on.',
    })
  const asset = assets.find((a) => a.chainId === till.chainId && a.address === till.asset)
  if (!asset)
    throw new BadUserInputError({ field: 'id', shortMessage: 'This till’s token is not offered here any more.' })
  const lines = (await salesBetween(db, till.id, { from, to })).map(({ sale, request }): ReportLine => {
    const subtotal = BigInt(sale.subtotal)
    const tip = BigInt(sale.tip)
    const total = subtotal + tip
    const received = BigInt(request.received)
    return {
      saleId: sale.id,
      requestId: request.id,
      at: sale.createdAt,
      status: request.status,
      subtotal,
      tip,
      total,
      received,
      tipReceived: total === 0n ? 0n : portion(received, tip, total),
    }
  })
  const paid = lines.filter((l) => PAID.includes(l.status))
  return {
    till,
    unit: tillUnit(till, asset),
    asset,
    from,
    to,
    lines,
    paid: {
      count: paid.length,
      subtotal: sumAmounts(paid.map((l) => l.subtotal)),
      tips: sumAmounts(paid.map((l) => l.tip)),
      total: sumAmounts(paid.map((l) => l.total)),
      received: sumAmounts(paid.map((l) => l.received)),
      tipsReceived: sumAmounts(paid.map((l) => l.tipReceived)),
    },
  }
}
