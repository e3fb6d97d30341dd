import { sql } from 'drizzle-orm'
import { getAddress } from 'viem'
import type { Db } from '../../db/createDatabase.ts'
import { resultRows } from '../../db/rawStatements.ts'
import { formatAmount } from '../../domain/amount.ts'
import type { FiatCurrency } from '../../domain/currencies.ts'
import { parseInvoiceDocument } from '../../domain/invoice/invoiceDocument.ts'
import { lineRate, statementLines, type StatementLine } from '../repository/statement.ts'

/** A share of an invoice's total at one tax rate (hundredths of a percent), in the invoice's minor units. */
export type TaxShare = { rate: bigint; gross: bigint }

/**
 * One line of the books in an accounting export: a payment received, a refund sent back, a fee
 * the payee's relayer paid, or a payout line paid to a recipient; amounts signed as the clearing account sees them (in positive, out negative).
 */
export type BookLine = {
  kind: 'payment' | 'refund' | 'fee' | 'payout'
  date: Date
  chainId: number
  txHash: string
  requestId: string | null
  /** The invoice's number, else the request's payment reference: what the bookkeeper finds it by. */
  document: string
  invoiceNumber: string | null
  /** Who paid (the invoice's buyer, else their address), whom a refund went to, or the relayer. */
  counterparty: string
  memo: string
  symbol: string
  /** The token amount, signed, as a decimal string. */
  tokenAmount: string
  /** Minor units of the books' currency, signed; null until valued. */
  value: bigint | null
  /** Where the value came from, in words an auditor can check on chain. */
  rateSource: string
  /** The invoice's total by tax rate; null for a request without an invoice, or a fee. */
  taxShares: TaxShare[] | null
}

/**
 * Values a relayer's fee (the native coin) or a payout line (`asset`, a token of the chain) in the
 * books' currency, and names the chain's native coin.
 */
export type FeeValuer = {
  /** Its value and how it was found; null when no trustworthy rate was found. */
  value(fee: {
    chainId: number
    fee: bigint
    blockNumber: bigint | null
    asset?: string
  }): Promise<{ value: bigint; source: string } | null>
  symbol(chainId: number): string
}

/** Fees valued at once: each reads the feeds at its own block, so a year of them waits on a few at a time. */
const FEES_AT_ONCE = 8

type Row = Record<string, unknown>

/** How a statement line was valued, as text: the rate, and the feeds' rounds or the quote it came from. */
function rateSource(line: StatementLine, currency: FiatCurrency): string {
  if (line.value === null) return 'not valued yet'
  if (line.basis === 'refund') return `${currency.code} at the rate its request was paid at`
  const rate = lineRate(line)
  const rounds = [
    line.tokenFeed && `Chainlink ${line.tokenFeed} round ${line.tokenRound}`,
    line.currencyFeed && `Chainlink ${line.currencyFeed} round ${line.currencyRound}`,
  ].filter(Boolean)
  const basis =
    line.basis === 'quote' ? 'its quote' : line.basis === 'latest' ? 'the latest rounds' : `block ${line.blockNumber}`
  return `${rate} ${currency.code}/${line.symbol} at ${basis}: ${rounds.join(', ')}`
}

/**
 * The payee's payments, refunds and relayer fees in [from, to), oldest first, each valued in the
 * books' currency: payments and refunds as the monthly statement values them (so their sum is
 * "received in your books"), fees at their block's rates.
 */
export async function bookLines(
  db: Db,
  payee: string,
  currency: FiatCurrency,
  range: { from: Date; to: Date },
  valueFee: FeeValuer,
): Promise<BookLine[]> {
  const address = getAddress(payee)
  const statement = await statementLines(db, address, currency.code, range)
  const ids = [...new Set(statement.map((l) => l.requestId))]
  const requests = resultRows<Row>(
    await db.execute(sql`
      select r.id, r.reference, i.number, i.document from payment_requests r
      left join invoices i on i.request_id = r.id
      where r.id in (select json_array_elements_text(${JSON.stringify(ids)}::json))`),
  )
  const byId = new Map(requests.map((r) => [r.id as string, r]))
  const lines: BookLine[] = statement.map((line) => {
    const request = byId.get(line.requestId)
    const document = request?.document ? parseInvoiceDocument(request.document as string) : undefined
    const number = (request?.number as string | null) ?? null
    return {
      kind: line.kind,
      date: line.blockTime,
      chainId: line.chainId,
      txHash: line.txHash,
      requestId: line.requestId,
      document: number ?? (request?.reference as string | undefined) ?? line.requestId,
      invoiceNumber: number,
      counterparty: (line.kind === 'payment' && document?.buyer.name) || line.from,
      memo: line.memo,
      symbol: line.symbol,
      tokenAmount: formatAmount(line.amount, line.decimals),
      value: line.value,
      rateSource: rateSource(line, currency),
      taxShares:
        document?.totals.rates.map((r) => ({ rate: BigInt(r.rate), gross: BigInt(r.net) + BigInt(r.tax) })) ?? null,
    }
  })
  return [
    ...lines,
    ...(await feeLines(db, address, range, valueFee)),
    ...(await payoutBookLines(db, address, range, valueFee)),
  ].sort((a, b) => a.date.getTime() - b.date.getTime())
}

/** What the payee's relayers paid in the period (relays and withdrawals, landed or reverted), each a line of its own. */
async function feeLines(
  db: Db,
  payee: string,
  { from, to }: { from: Date; to: Date },
  valueFee: FeeValuer,
): Promise<BookLine[]> {
  const rows = resultRows<Row>(
    await db.execute(sql`
      select id, chain_id, kind, request_id, relayer, transaction_hash, transaction_hashes, fee, mined_at_block, created_at
      from relays
      where payee = ${payee} and fee is not null and fee::numeric > 0
        and created_at >= ${from.toISOString()}::timestamptz and created_at < ${to.toISOString()}::timestamptz
      order by created_at`),
  )
  return valuedInTurns(rows, (r) => feeLine(r, valueFee))
}

/** Each row's line, FEES_AT_ONCE rows valued at a time: the feeds are read for each, a bounded number at once. */
async function valuedInTurns(rows: readonly Row[], line: (r: Row) => Promise<BookLine>): Promise<BookLine[]> {
  const lines: BookLine[] = []
  for (let at = 0; at < rows.length; at += FEES_AT_ONCE)
    lines.push(...(await Promise.all(rows.slice(at, at + FEES_AT_ONCE).map(line))))
  return lines
}

async function feeLine(r: Row, valueFee: FeeValuer): Promise<BookLine> {
  const fee = BigInt(r.fee as string)
  const chainId = Number(r.chain_id)
  const blockNumber = r.mined_at_block === null ? null : BigInt(r.mined_at_block as string)
  // An unreadable feed leaves this one fee unvalued; the rest of the export goes on.
  const valued = await valueFee.value({ chainId, fee, blockNumber }).catch(() => null)
  const hashes = r.transaction_hashes as string[] | null
  return {
    kind: 'fee',
    date: new Date(r.created_at as string),
    chainId,
    txHash: (r.transaction_hash as string | null) ?? hashes?.at(-1) ?? '',
    requestId: (r.request_id as string | null) ?? null,
    document: (r.request_id as string | null) ?? (r.id as string),
    invoiceNumber: null,
    counterparty: r.relayer as string,
    memo: r.kind === 'withdrawal' ? 'relayer withdrawal' : 'relayer network fee',
    symbol: valueFee.symbol(chainId),
    tokenAmount: `-${formatAmount(fee, 18)}`,
    value: valued ? -valued.value : null,
    rateSource: valued?.source ?? 'not valued: no trustworthy rate',
    taxShares: null,
  }
}

/**
 * The payee's payout lines the chain shows paid in the period: money out, each valued at its own
 * block's rates, its receipt id the document (a prepared, unpaid line is not in the books).
 */
async function payoutBookLines(
  db: Db,
  payee: string,
  { from, to }: { from: Date; to: Date },
  valueFee: FeeValuer,
): Promise<BookLine[]> {
  const rows = resultRows<Row>(
    await db.execute(sql`
      select l.id, l.asset, l.symbol, l.decimals, l.to_address, l.amount, l.note, l.tx_hash, l.block_number,
        l.block_time, p.chain_id
      from payout_lines l join payouts p on p.id = l.payout_id
      where p.payee = ${payee} and l.tx_hash is not null
        and l.block_time >= ${from.toISOString()}::timestamptz and l.block_time < ${to.toISOString()}::timestamptz
      order by l.block_time, l.line`),
  )
  return valuedInTurns(rows, (r) => payoutBookLine(r, valueFee))
}

async function payoutBookLine(r: Row, valueFee: FeeValuer): Promise<BookLine> {
  const amount = BigInt(r.amount as string)
  const chainId = Number(r.chain_id)
  const blockNumber = r.block_number === null ? null : BigInt(r.block_number as string)
  // An unreadable feed leaves this one line unvalued; the rest of the export goes on.
  const valued = await valueFee.value({ chainId, fee: amount, blockNumber, asset: r.asset as string }).catch(() => null)
  return {
    kind: 'payout',
    date: new Date(r.block_time as string),
    chainId,
    txHash: r.tx_hash as string,
    requestId: null,
    document: `payout ${r.id as string}`,
    invoiceNumber: null,
    counterparty: r.to_address as string,
    memo: (r.note as string) || 'payout',
    symbol: r.symbol as string,
    tokenAmount: `-${formatAmount(amount, Number(r.decimals))}`,
    value: valued ? -valued.value : null,
    rateSource: valued?.source ?? 'not valued: no trustworthy rate',
    taxShares: null,
  }
}
