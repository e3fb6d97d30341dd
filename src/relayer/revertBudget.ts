import { and, count, eq, gt, inArray, sql } from 'drizzle-orm'
import type { Db } from '../db/createDatabase.ts'
import { relayers, relays } from '../db/schema.ts'
import type { RelayerRow } from './relayerStore.ts'
import { GaslessRefusedError, GaslessUnavailableError } from '../domain/errors/relayer.ts'

/** How long a payer whose relay reverted is refused paying without gas. */
export const PAYER_COOL_DOWN_MS = 3_600_000
/** The window a relayer's revert budget counts over. */
export const BUDGET_WINDOW_MS = 3_600_000
export const DEFAULT_REVERT_BUDGET = 3

/** Until when a payer whose relay reverted on this chain is refused paying without gas; undefined if not. */
export async function payerRefusedUntil(db: Db, chainId: number, payer: string): Promise<Date | undefined> {
  const since = new Date(Date.now() - PAYER_COOL_DOWN_MS)
  const [row] = await db
    .select({ last: sql<string | null>`max(${relays.updatedAt})` })
    .from(relays)
    .where(
      and(
        eq(relays.chainId, chainId),
        eq(relays.payer, payer),
        eq(relays.state, 'reverted'),
        gt(relays.updatedAt, since),
      ),
    )
  return row?.last ? new Date(new Date(row.last).getTime() + PAYER_COOL_DOWN_MS) : undefined
}

export const payerRefusedReason = (until: Date) =>
  `A payment without gas from this address failed on chain (the balance was gone when it was mined): pay with a transaction, or without gas again after ${until.toISOString().slice(11, 16)} UTC.`

/** Refuses a payer whose relay reverted within the hour: the relayer pays for each revert. */
export async function refusePayerAfterRevert(db: Db, chainId: number, payer: string) {
  const until = await payerRefusedUntil(db, chainId, payer)
  if (until)
    throw new GaslessRefusedError({
      field: 'authorization.from',
      shortMessage: payerRefusedReason(until),
    })
}

function refuseIfPaused(relayer: RelayerRow) {
  if (relayer.pausedAt) throw new GaslessUnavailableError({ field: 'requestId', shortMessage: pausedReason(relayer) })
}

export const pausedReason = (relayer: Pick<RelayerRow, 'pausedReason'>) =>
  `The payee's relayer has paused payments without gas (${relayer.pausedReason ?? 'too many failed relays'}): pay with a transaction.`

/** The start of the window the budget counts over: the last hour, or since the payee resumed. */
const windowStart = (relayer: Pick<RelayerRow, 'resumedAt'>) => {
  const hourAgo = new Date(Date.now() - BUDGET_WINDOW_MS)
  return relayer.resumedAt && relayer.resumedAt > hourAgo ? relayer.resumedAt : hourAgo
}

/** The relayer's reverted relays in its budget's window. */
export async function revertsInWindow(db: Db, relayer: Pick<RelayerRow, 'address' | 'resumedAt'>): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(relays)
    .where(
      and(
        eq(relays.relayer, relayer.address),
        eq(relays.state, 'reverted'),
        gt(relays.updatedAt, windowStart(relayer)),
      ),
    )
  return row?.n ?? 0
}

/**
 * Whether the relayer may take one more relay, inside the caller's transaction. Once a relay
 * reverted within the window, what may still revert is bounded: under the relayer's row lock, the
 * relays on their way plus the reverts already seen stay under the budget, so a wave of attackers
 * cannot pass it. With no revert in the window (the common case) no lock is taken.
 */
export async function refuseOverBudget(tx: Db, relayer: RelayerRow) {
  if (relayer.pausedAt || (await revertsInWindow(tx, relayer)) === 0) return refuseIfPaused(relayer)
  const [locked] = await tx.select().from(relayers).where(eq(relayers.address, relayer.address)).for('update')
  refuseIfPaused(locked!)
  const reverted = await revertsInWindow(tx, locked!)
  const [row] = await tx
    .select({ n: count() })
    .from(relays)
    .where(
      and(
        eq(relays.relayer, relayer.address),
        eq(relays.kind, 'payment'),
        inArray(relays.state, ['waiting', 'signed', 'sent']),
      ),
    )
  if (reverted + (row?.n ?? 0) >= locked!.revertBudget)
    throw new GaslessUnavailableError({
      field: 'requestId',
      shortMessage:
        "The payee's relayer is waiting for the payments on their way after some failed: pay with a transaction, or without gas in a minute.",
    })
}

/**
 * Adds a reverted relay's or a fill's cost to the relayer's figures and, for a revert, pauses the
 * relayer once its window holds as many as its budget (the database tells the payee).
 */
export async function recordWaste(tx: Db, address: string, gasUsed: bigint, fee: bigint, reverted: boolean) {
  const [relayer] = await tx
    .update(relayers)
    .set({
      wastedGas: sql`${relayers.wastedGas} + ${String(gasUsed)}`,
      wastedFee: sql`${relayers.wastedFee} + ${String(fee)}`,
    })
    .where(eq(relayers.address, address))
    .returning()
  if (!relayer || !reverted || relayer.pausedAt) return
  const reverts = await revertsInWindow(tx, relayer)
  if (reverts >= relayer.revertBudget)
    await tx
      .update(relayers)
      .set({
        pausedAt: sql`now()`,
        pausedReason: `${reverts} relays reverted within the hour, the budget being ${relayer.revertBudget}`,
      })
      .where(and(eq(relayers.address, address), sql`${relayers.pausedAt} is null`))
}
