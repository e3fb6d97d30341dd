import { and, eq, gt, inArray, or, sql } from 'drizzle-orm'
import { decodeFunctionData, formatUnits, type Hex, type PublicClient } from 'viem'
import { fiatTokenAbi } from '../chain/fiatTokenAbi.ts'
import type { Db } from '../db/createDatabase.ts'
import { relays } from '../db/schema.ts'
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

/** The value a stored relay's `transferWithAuthorization` moves. */
export function relayedValue(data: string): bigint {
  const { args } = decodeFunctionData({ abi: fiatTokenAbi, data: data as Hex })
  return args[2] as bigint
}

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
  prepared: Pick<PreparedRelay, 'token' | 'authorization' | 'payerBalance' | 'checkedAtBlock' | 'relayer'>,
  values: NewRelay,
): Promise<RelayRow | undefined> {
  const { token, authorization, relayer } = prepared
  return db.transaction(async (tx) => {
    const key = `relay:${values.chainId}:${token.address}:${authorization.from}`
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`)
    const onTheirWay = await tx
      .select({ nonce: relays.authorizationNonce, data: relays.data })
      .from(relays)
      .where(
        and(
          eq(relays.chainId, values.chainId),
          eq(relays.token, token.address),
          eq(relays.payer, authorization.from),
          or(
            inArray(relays.state, ['waiting', 'signed', 'sent']),
            // Mined since the simulation read the balance, and settled before this lock was taken.
            and(eq(relays.state, 'mined'), gt(relays.minedAtBlock, prepared.checkedAtBlock - SIMULATION_LAG_BLOCKS)),
          ),
        ),
      )
    const others = onTheirWay.filter((r) => r.nonce !== authorization.nonce)
    if (others.length > 0) await refuseBeyondBalance(client, token, authorization, prepared.payerBalance, others)
    await refuseOverBudget(tx, relayer)
    const [inserted] = await tx.insert(relays).values(values).onConflictDoNothing().returning()
    return inserted
  })
}

async function refuseBeyondBalance(
  client: PublicClient,
  token: PreparedRelay['token'],
  authorization: PreparedRelay['authorization'],
  payerBalance: bigint,
  others: { nonce: string | null; data: string }[],
) {
  // Most payers hold enough for every relay on its way or just mined: the balance the simulation
  // read decides, with no call to the chain while the lock is held.
  const onTheirWay = others.reduce((sum, r) => sum + relayedValue(r.data), 0n)
  if (onTheirWay + authorization.value <= payerBalance) return
  const blockNumber = await client.getBlockNumber({ cacheTime: 0 })
  const [balance, ...used] = await Promise.all([
    client.readContract({
      address: token.address,
      abi: fiatTokenAbi,
      functionName: 'balanceOf',
      args: [authorization.from],
      blockNumber,
    }),
    ...others.map((r) =>
      client.readContract({
        address: token.address,
        abi: fiatTokenAbi,
        functionName: 'authorizationState',
        args: [authorization.from, r.nonce as Hex],
        blockNumber,
      }),
    ),
  ])
  // A relay the chain already used is in the balance; one not used yet will take its value from it.
  const pending = others.reduce((sum, r, i) => (used[i] ? sum : sum + relayedValue(r.data)), 0n)
  if (pending + authorization.value > balance)
    throw new InsufficientBalanceError({
      field: 'authorization.from',
      shortMessage: `authorization.from holds ${formatUnits(balance, token.decimals)} ${token.symbol}, and payments by signature from it of ${formatUnits(pending, token.decimals)} ${token.symbol} are already on their way: this one would not land.`,
      details: `balance at block ${blockNumber}`,
    })
}
