import { desc, eq } from 'drizzle-orm'
import { erc20Abi, formatUnits, getAddress, type Address, type Hex, type PublicClient } from 'viem'
import type { ChainProfile } from '../../chain/chains.ts'
import { assetsOf } from '../../chain/chains.ts'
import type { Db } from '../../db/createDatabase.ts'
import { payoutLines, payouts } from '../../db/schema.ts'
import { InsufficientBalanceError } from '../../domain/errors/authorization.ts'
import { fieldErrors } from '../../domain/errors/input.ts'
import { newPaymentReference } from '../../domain/paymentReference.ts'
import { NATIVE_ASSET } from '../../domain/paymentRequest.ts'
import { paymentTransaction } from '../../domain/paymentTransaction.ts'
import {
  checkPayoutLines,
  payoutProblemField,
  payoutProblemMessage,
  readPayoutCsv,
  type PayoutLineDraft,
} from '../../domain/payout.ts'
import { newShortId } from '../../domain/shortId.ts'

export type PayoutRow = typeof payouts.$inferSelect
export type PayoutLineRow = typeof payoutLines.$inferSelect

/** The call a payee's wallet makes for a line: a transfer with the line's reference after it, as a refund's. */
export function payoutLineCall(line: Pick<PayoutLineRow, 'asset' | 'toAddress' | 'amount' | 'reference'>) {
  const { to, data, value } = paymentTransaction(
    { asset: line.asset, payee: line.toAddress, reference: line.reference as Hex },
    BigInt(line.amount),
  )
  return { to, data, value: value ?? 0n }
}

/** A payout checked against the payee's balances, for `storePayout`. */
export type CheckedPayout = Awaited<ReturnType<typeof checkPayout>>

/**
 * Step one of a payout for the payee's wallet to send, before the change's transaction: every line
 * checked (each problem with its row and field), the payee's balance of each token asked against the
 * lines' total, and the chain's head read.
 */
export async function checkPayout(
  client: PublicClient,
  {
    payee,
    chain,
    csv,
    lines,
  }: { payee: Address; chain: ChainProfile; csv?: string | null; lines?: PayoutLineDraft[] | null },
) {
  const read = csv ? readPayoutCsv(csv) : { drafts: lines ?? [], problems: [] }
  const checked = checkPayoutLines(read.drafts, { payee, assets: assetsOf([chain]) })
  const problems = [...read.problems, ...('problems' in checked ? checked.problems : [])]
  if (problems.length > 0 || !('lines' in checked))
    throw fieldErrors(Object.fromEntries(problems.map((p) => [payoutProblemField(p), payoutProblemMessage(p)])))
  const totals = new Map<string, { total: bigint; symbol: string; decimals: number }>()
  for (const line of checked.lines) {
    const entry = totals.get(line.asset.address) ?? {
      total: 0n,
      symbol: line.asset.symbol,
      decimals: line.asset.decimals,
    }
    entry.total += line.amount
    totals.set(line.asset.address, entry)
  }
  for (const [asset, { total, symbol, decimals }] of totals) {
    const balance =
      asset === NATIVE_ASSET
        ? await client.getBalance({ address: payee })
        : await client.readContract({
            address: getAddress(asset),
            abi: erc20Abi,
            functionName: 'balanceOf',
            args: [payee],
          })
    if (balance < total)
      throw new InsufficientBalanceError({
        field: 'lines',
        shortMessage: `The lines pay ${formatUnits(total, decimals)} ${symbol}, more than your wallet holds: ${formatUnits(balance, decimals)} ${symbol}.`,
      })
  }
  const createdBlock = await client.getBlockNumber({ cacheTime: 0 })
  return { payee, chainId: chain.chain.id, createdBlock, lines: checked.lines }
}

/**
 * Step two: stores the checked payout, each line given its own reference. Nothing is sent and
 * nothing counts as paid until the watcher sees the transfers.
 */
export async function storePayout(
  db: Db,
  { payee, chainId, createdBlock, lines }: CheckedPayout,
): Promise<{ payout: PayoutRow; lines: PayoutLineRow[] }> {
  return db.transaction(async (tx) => {
    const [payout] = await tx.insert(payouts).values({ id: newShortId(), payee, chainId, createdBlock }).returning()
    const rows = await tx
      .insert(payoutLines)
      .values(
        lines.map((line) => ({
          id: newShortId(),
          payoutId: payout!.id,
          line: line.line,
          asset: line.asset.address,
          symbol: line.asset.symbol,
          decimals: line.asset.decimals,
          toAddress: line.to,
          amount: line.amount.toString(),
          note: line.note,
          reference: newPaymentReference(),
        })),
      )
      .returning()
    return { payout: payout!, lines: rows.sort((a, b) => a.line - b.line) }
  })
}

/** A payee's payouts, newest first. */
export const listPayouts = (db: Db, payee: Address) =>
  db.select().from(payouts).where(eq(payouts.payee, payee)).orderBy(desc(payouts.createdAt)).limit(100)

export async function findPayout(db: Db, id: string) {
  const [payout] = await db.select().from(payouts).where(eq(payouts.id, id))
  if (!payout) return undefined
  const lines = await db.select().from(payoutLines).where(eq(payoutLines.payoutId, id)).orderBy(payoutLines.line)
  return { payout, lines }
}

/** One recipient's line, with who paid it: what a receipt link shows. */
export async function findPayoutLine(db: Db, id: string) {
  const [row] = await db
    .select({ line: payoutLines, payout: payouts })
    .from(payoutLines)
    .innerJoin(payouts, eq(payouts.id, payoutLines.payoutId))
    .where(eq(payoutLines.id, id))
  return row
}
