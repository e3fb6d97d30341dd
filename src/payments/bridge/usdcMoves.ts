import { and, count, desc, eq, isNull, sql } from 'drizzle-orm'
import { getAddress, type Hex } from 'viem'
import type { Db } from '../../db/createDatabase.ts'
import { usdcMoves } from '../../db/schema.ts'
import { badInput } from '../../domain/errors/input.ts'
import { newShortId } from '../../domain/shortId.ts'
import { burnsInReceipt, type Burn } from './discoverBurns.ts'
import type { Sighting, UsdcMoveState } from './usdcMoveState.ts'
import { cctpChainOf } from './usdcToOneChain.ts'

export type UsdcMoveRow = typeof usdcMoves.$inferSelect

/** The moves a payee's screen lists, newest first. */
const LISTED = 20
/**
 * Moves a payee may leave unfinished at once: each is read from Iris and a chain at every look. One
 * whose transaction was read as never on the chain is not among them.
 */
const UNFINISHED_AT_MOST = 20

/**
 * Keeps the burn the payee's wallet just sent (its hash, as soon as the wallet gives it), so the
 * mint can be finished after a reload: the `burnIndex`th of the payee's in its transaction, the first
 * while it is not mined. Recording the same burn again returns the row kept.
 */
export async function recordUsdcMove(
  db: Db,
  payee: string,
  input: { sourceChainId: number; destinationChainId: number; amount: bigint; burnTxHash: string; burnIndex: number },
): Promise<UsdcMoveRow> {
  cctpChainOf('sourceChainId', input.sourceChainId)
  cctpChainOf('destinationChainId', input.destinationChainId)
  if (!/^0x[0-9a-fA-F]{64}$/.test(input.burnTxHash))
    throw badInput('burnTxHash', 'must be a transaction hash (0x and 64 hex digits).')
  if (input.amount <= 0n) throw badInput('amount', 'must be more than zero.')
  const owner = getAddress(payee)
  const [unfinished] = await db
    .select({ n: count() })
    .from(usdcMoves)
    .where(and(eq(usdcMoves.payee, owner), isNull(usdcMoves.finishedAt), isNull(usdcMoves.notFoundAt)))
  if ((unfinished?.n ?? 0) >= UNFINISHED_AT_MOST)
    throw badInput(
      'burnTxHash',
      `is one move too many: ${UNFINISHED_AT_MOST} are waiting to be received; finish those first.`,
    )
  const burnTxHash = input.burnTxHash.toLowerCase() as Hex
  await db
    .insert(usdcMoves)
    .values({
      id: newShortId(),
      payee: owner,
      sourceChainId: input.sourceChainId,
      destinationChainId: input.destinationChainId,
      amount: input.amount.toString(),
      burnTxHash,
      burnIndex: input.burnIndex,
    })
    .onConflictDoNothing({ target: [usdcMoves.sourceChainId, usdcMoves.burnTxHash, usdcMoves.burnIndex] })
  const [row] = await db
    .select()
    .from(usdcMoves)
    .where(
      and(
        eq(usdcMoves.sourceChainId, input.sourceChainId),
        eq(usdcMoves.burnTxHash, burnTxHash),
        eq(usdcMoves.burnIndex, input.burnIndex),
        eq(usdcMoves.payee, owner),
      ),
    )
  if (!row) throw badInput('burnTxHash', 'is a burn another wallet recorded.')
  return row
}

/**
 * Keeps burns read from the chains as the payee's moves, once each (by chain, transaction and place
 * in it): a burn whose record the page lost before the wallet gave its hash, or the other burns of a
 * transaction recorded by its hash. No bound applies: each is USDC burnt that only its mint brings
 * back. The chain's amount and destination replace what a wallet said; a move read as not found, even
 * dismissed, is taken again.
 */
export async function keepBurns(db: Db, burns: readonly Burn[]): Promise<void> {
  if (burns.length === 0) return
  const excluded = (column: string) => sql.raw(`excluded.${column}`)
  await db
    .insert(usdcMoves)
    .values(
      burns.map((burn) => ({
        id: newShortId(),
        payee: getAddress(burn.depositor),
        sourceChainId: burn.sourceChainId,
        destinationChainId: burn.destinationChainId,
        amount: burn.amount.toString(),
        burnTxHash: burn.burnTxHash.toLowerCase(),
        burnIndex: burn.burnIndex,
      })),
    )
    .onConflictDoUpdate({
      target: [usdcMoves.sourceChainId, usdcMoves.burnTxHash, usdcMoves.burnIndex],
      set: {
        amount: excluded('amount'),
        destinationChainId: excluded('destination_chain_id'),
        notFoundAt: null,
        dismissedAt: sql`CASE WHEN ${usdcMoves.notFoundAt} IS NULL THEN ${usdcMoves.dismissedAt} END`,
        finishedAt: sql`CASE WHEN ${usdcMoves.notFoundAt} IS NULL THEN ${usdcMoves.finishedAt} END`,
      },
      // Only the depositor's own row, and only when the chain tells it something new: no write at each look.
      setWhere: sql`${usdcMoves.payee} = ${excluded('payee')} AND (${usdcMoves.amount} <> ${excluded('amount')}
        OR ${usdcMoves.destinationChainId} <> ${excluded('destination_chain_id')} OR ${usdcMoves.notFoundAt} IS NOT NULL)`,
    })
}

/**
 * Keeps what a look at a move's source chain saw: a mined transaction's burns of the payee's (and
 * the move taken again if it read as not found), or the head it was first missing at, and once
 * it reads as not found, when.
 */
export async function keepSighting(
  db: Db,
  move: UsdcMoveRow,
  { state }: UsdcMoveState,
  sighting: Sighting,
): Promise<void> {
  if (!sighting) return
  if ('receipt' in sighting) {
    const payee = getAddress(move.payee)
    await keepBurns(
      db,
      burnsInReceipt(sighting.receipt, move.sourceChainId).filter((b) => b.depositor === payee),
    )
    if (move.notFoundAt) await db.update(usdcMoves).set({ notFoundAt: null }).where(eq(usdcMoves.id, move.id))
    return
  }
  if (move.absentSinceBlock === null)
    await db.update(usdcMoves).set({ absentSinceBlock: sighting.absentAt }).where(eq(usdcMoves.id, move.id))
  if (state === 'notFound' && !move.notFoundAt)
    await db.update(usdcMoves).set({ notFoundAt: new Date() }).where(eq(usdcMoves.id, move.id))
}

/** The payee's latest moves, unfinished and finished, newest first; those they dismissed are left out. */
export async function usdcMovesOf(db: Db, payee: string): Promise<UsdcMoveRow[]> {
  return db
    .select()
    .from(usdcMoves)
    .where(and(eq(usdcMoves.payee, getAddress(payee)), isNull(usdcMoves.dismissedAt)))
    .orderBy(desc(usdcMoves.createdAt), desc(usdcMoves.id))
    .limit(LISTED)
}

export async function finishUsdcMove(db: Db, id: string): Promise<void> {
  await db
    .update(usdcMoves)
    .set({ finishedAt: new Date() })
    .where(and(eq(usdcMoves.id, id), isNull(usdcMoves.finishedAt)))
}

/** Sets aside the payee's move `id`: finished (out of the unfinished bound) and no longer listed. */
export async function dismissUsdcMove(db: Db, payee: string, id: string): Promise<void> {
  const now = new Date()
  await db
    .update(usdcMoves)
    .set({ dismissedAt: now, finishedAt: now })
    .where(and(eq(usdcMoves.id, id), eq(usdcMoves.payee, getAddress(payee))))
}

/** The payee's move `id`, unless dismissed. */
export async function usdcMoveOf(db: Db, payee: string, id: string): Promise<UsdcMoveRow | undefined> {
  const [row] = await db
    .select()
    .from(usdcMoves)
    .where(and(eq(usdcMoves.id, id), eq(usdcMoves.payee, getAddress(payee)), isNull(usdcMoves.dismissedAt)))
  return row
}
