import { and, asc, eq, inArray, or, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/createDatabase.ts'
import { creditNotes, invoices, paymentRequests, priceQuotes, refundTransfers, refunds } from '../../db/schema.ts'
import type { Locale } from '../../domain/locales.ts'
import { cumulativeShare } from '../../domain/money.ts'
import type { InvoiceDocument } from '../../domain/invoice/invoiceDocument.ts'
import { invoiceLabels } from '../invoices/pdf/invoiceLabels.ts'
import { issueCreditNote } from './issueCreditNote.ts'

/**
 * Issues a credit note for each refund of an invoiced request that the chain showed and that has
 * none yet, inside the transaction that recorded it (`requestIds`: the requests whose refunds were
 * written). What a request received beyond what it asked is refunded first and takes nothing back
 * of the invoice (it returns an overpayment); the rest is valued in the invoice's currency at the
 * rate its payment was booked: for an invoice in a token, the token amount itself; for one priced in
 * a currency, at the quote the payment paid (its price for its token amount), cumulatively over the
 * quote's refunds so that refunding all it asked takes back exactly the price it paid.
 */
export async function issueRefundCreditNotes(tx: Db, requestIds: readonly string[]): Promise<void> {
  if (requestIds.length === 0) return
  const paid = alias(paymentRequests, 'paid')
  const rows = await tx
    .select({
      refundId: refunds.id,
      requestId: refunds.requestId,
      chainId: refundTransfers.chainId,
      txHash: refundTransfers.txHash,
      amount: sql<string>`${refundTransfers.amount}::text`,
      blockTime: refundTransfers.blockTime,
      symbol: paid.symbol,
      decimals: paid.decimals,
      asked: sql<string>`${paid.amount}::text`,
      received: sql<string>`${paid.received}::text`,
      invoiceRequestId: invoices.requestId,
      invoiceDocument: invoices.document,
      quotePrice: sql<string | null>`${priceQuotes.price}::text`,
      quoteAmount: sql<string | null>`${priceQuotes.amount}::text`,
      credited: creditNotes.id,
    })
    .from(refundTransfers)
    .innerJoin(refunds, eq(refunds.id, refundTransfers.refundId))
    .innerJoin(paid, eq(paid.id, refunds.requestId))
    .innerJoin(
      invoices,
      or(
        eq(invoices.requestId, paid.id),
        and(sql`${paid.pricedRequestId} is not null`, eq(invoices.requestId, paid.pricedRequestId)),
      ),
    )
    .leftJoin(priceQuotes, eq(priceQuotes.requestId, paid.id))
    .leftJoin(creditNotes, eq(creditNotes.refundId, refunds.id))
    .where(inArray(refunds.requestId, [...new Set(requestIds)]))
    .orderBy(asc(refundTransfers.blockNumber), asc(refundTransfers.logIndex))
  // Each paid request's refunds in chain order: what those before a refund sent sets where its value starts.
  const sentBefore = new Map<string, bigint>()
  for (const row of rows) {
    const amount = BigInt(row.amount)
    const before = sentBefore.get(row.requestId) ?? 0n
    sentBefore.set(row.requestId, before + amount)
    if (row.credited) continue
    const excess = BigInt(row.received) > BigInt(row.asked) ? BigInt(row.received) - BigInt(row.asked) : 0n
    const from = before > excess ? before - excess : 0n
    const through = before + amount > excess ? before + amount - excess : 0n
    if (through === from) continue
    const value =
      row.quotePrice === null || row.quoteAmount === null
        ? through - from
        : cumulativeShare({ amount: BigInt(row.quoteAmount), value: BigInt(row.quotePrice) }, from, through)
    const language = (JSON.parse(row.invoiceDocument) as InvoiceDocument).language as Locale
    await issueCreditNote(tx, {
      invoiceRequestId: row.invoiceRequestId,
      kind: 'refund',
      refundId: row.refundId,
      amount: value,
      issueDate: row.blockTime.toISOString().slice(0, 10),
      reason: (invoiceLabels[language] ?? invoiceLabels.en).refundReason,
      refund: {
        chainId: row.chainId,
        txHash: row.txHash,
        amount: row.amount,
        symbol: row.symbol,
        decimals: row.decimals,
      },
    })
  }
}
