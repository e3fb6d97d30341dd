import { and, eq, gt, inArray, or, sql } from 'drizzle-orm'
import { erc20Abi, formatUnits, type Hex, type PublicClient } from 'viem'
import type { Db } from '../db/createDatabase.ts'
import { relays } from '../db/schema.ts'
import type { PaymentMethodId } from '../domain/paymentMethods.ts'
import { relayOf } from '../payments/methods/registry.ts'
import type { PreparedRelay } from './prepareRelay.ts'
import { refuseOverBudget } from './revertBudget.ts'
import type { RelayRow } from './sendRelay.ts'
import { InsufficientBalanceError } from '../domain/errors/authorization.ts'

type NewRelay = typeof relays.$inferInsert

/**
 * How far behind the head the simulation's balance may have been read (a provider's nodes lag one
 * another): a relay mined within these blocks may not have left it yet.
 */
const SIMULATION_LAG_BLOCKS = 16n

// A payment's relay always carries its method (only withdrawals, never summed here, have none).
type OnItsWay = { method: PaymentMethodId | null; key: string | null; data: string }

/** The value a stored relay's call moves, as its method reads it. */
const relayedValue = (r: OnItsWay) => relayOf(r.method!).valueOf(r.data as Hex)

/**
 * Stores a checked relay only if it can land: under a lock on the payer's token on this chain (every
 * server takes it, in the transaction that inserts), this payer's relays still on their way that
 * the chain has not used yet, plus this one, must fit in the payer's balance at the latest block
 * (whatever block the node simulated on, its pool included or not); then its revert budget. Returns
 * the stored row, or undefined when the same one exists already.
 */
export async function admitRelay(
  db: Db,
  client: PublicClient,
  prepared: Pick<PreparedRelay, 'method' | 'token' | 'call' | 'payerBalance' | 'checkedAtBlock' | 'relayer'>,
  values: NewRelay,
): Promise<RelayRow | undefined> {
  const { token, call, relayer } = prepared
  return db.transaction(async (tx) => {
    const key = `relay:${values.chainId}:${token.address}:${call.payer}`
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`)
    const onTheirWay = await tx
      .select({ method: relays.method, key: relays.authorizationNonce, data: relays.data })
      .from(relays)
      .where(
        and(
          eq(relays.chainId, values.chainId),
          eq(relays.token, token.address),
          eq(relays.payer, call.payer),
          or(
            inArray(relays.state, ['waiting', 'signed', 'sent']),
            // Mined since the simulation read the balance, and settled before this lock was taken.
            and(eq(relays.state, 'mined'), gt(relays.minedAtBlock, prepared.checkedAtBlock - SIMULATION_LAG_BLOCKS)),
          ),
        ),
      )
    const others = onTheirWay.filter((r) => r.key !== call.key)
    if (others.length > 0) await refuseBeyondBalance(client, prepared, others)
    await refuseOverBudget(tx, relayer)
    const [inserted] = await tx.insert(relays).values(values).onConflictDoNothing().returning()
    return inserted
  })
}

async function refuseBeyondBalance(
  client: PublicClient,
  { method, token, call, payerBalance }: Pick<PreparedRelay, 'method' | 'token' | 'call' | 'payerBalance'>,
  others: OnItsWay[],
) {
  // Most payers hold enough for every relay on its way or just mined: the balance the simulation
  // read decides, with no call to the chain while the lock is held.
  const onTheirWay = others.reduce((sum, r) => sum + relayedValue(r), 0n)
  if (onTheirWay + call.value <= payerBalance) return
  const blockNumber = await client.getBlockNumber({ cacheTime: 0 })
  const [balance, ...used] = await Promise.all([
    client.readContract({
      address: token.address,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [call.payer],
      blockNumber,
    }),
    ...others.map((r) =>
      relayOf(r.method!).keyUsed(client, { token: token.address, payer: call.payer, key: r.key as Hex }, blockNumber),
    ),
  ])
  // A relay the chain already used is in the balance; one not used yet will take its value from it.
  const pending = others.reduce((sum, r, i) => (used[i] ? sum : sum + relayedValue(r)), 0n)
  if (pending + call.value > balance)
    throw new InsufficientBalanceError({
      field: relayOf(method).fields.payer,
      shortMessage: `${relayOf(method).fields.payer} holds ${formatUnits(balance, token.decimals)} ${token.symbol}, and payments by signature from it of ${formatUnits(pending, token.decimals)} ${token.symbol} are already on their way: this one would not land.`,
      details: `balance at block ${blockNumber}`,
    })
}
