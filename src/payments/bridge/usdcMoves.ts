import { and, count, desc, eq, isNull } from 'drizzle-orm'
import { getAddress, type Hex } from 'viem'
import type { Db } from '../../db/createDatabase.ts'
import { usdcMoves } from '../../db/schema.ts'
import { badInput } from '../../domain/errors/input.ts'
import { newShortId } from '../../domain/shortId.ts'
import type { Burn } from './discoverBurns.ts'
import { cctpChainOf } from './usdcToOneChain.ts'

export type UsdcMoveRow = typeof usdcMoves.$inferSelect

/** The moves a payee's screen lists, newest first. */
const LISTED = 20
/** Moves a payee may leave unfinished at once: each is read from Iris and a chain at every look. */
const UNFINISHED_AT_MOST = 20

/**
 * Keeps the burn the payee's wallet just sent (its hash, as soon as the wallet gives it), so the
 * mint can be finished after a reload. Recording the same burn again returns the row kept.
 */
export async function recordUsdcMove(
  db: Db,
  payee: string,
  input: { sourceChainId: number; destinationChainId: number; amount: bigint; burnTxHash: string },
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
    .where(and(eq(usdcMoves.payee, owner), isNull(usdcMoves.finishedAt)))
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
    })
    .onConflictDoNothing({ target: [usdcMoves.sourceChainId, usdcMoves.burnTxHash] })
  const [row] = await db
    .select()
    .from(usdcMoves)
    .where(
      and(
        eq(usdcMoves.sourceChainId, input.sourceChainId),
        eq(usdcMoves.burnTxHash, burnTxHash),
        eq(usdcMoves.payee, owner),
      ),
    )
  if (!row) throw badInput('burnTxHash', 'is a burn another wallet recorded.')
  return row
}

/**
 * Keeps burns read from the chains as the payee's moves, once each (by chain and burn hash): a burn
 * whose record the page lost before the wallet gave its hash. No bound applies: each is USDC burnt
 * that only its mint brings back.
 */
export async function keepBurns(db: Db, burns: readonly Burn[]): Promise<void> {
  if (burns.length === 0) return
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
      })),
    )
    .onConflictDoNothing({ target: [usdcMoves.sourceChainId, usdcMoves.burnTxHash] })
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
