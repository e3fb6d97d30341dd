import { and, eq, sql } from 'drizzle-orm'
import { getAddress, type Address } from 'viem'
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import type { Db } from '../db/createDatabase.ts'
import { relayers } from '../db/schema.ts'
import type { SecretBox } from '../secrets/secretBox.ts'

export type RelayerRow = typeof relayers.$inferSelect

/**
 * The payee's relayer on each of these chains, made on first ask: a fresh key, sealed. A payee who
 * never asks has none, and none is ever made for an address that did not sign in.
 */
export async function relayersOf(
  db: Db,
  box: SecretBox,
  payee: Address,
  chainIds: readonly number[],
): Promise<RelayerRow[]> {
  const owner = getAddress(payee)
  const existing = await db.select().from(relayers).where(eq(relayers.payee, owner))
  const missing = chainIds.filter((id) => !existing.some((r) => r.chainId === id))
  if (missing.length > 0) {
    await db
      .insert(relayers)
      .values(
        missing.map((chainId) => {
          const key = generatePrivateKey()
          return { payee: owner, chainId, address: privateKeyToAccount(key).address, keySealed: box.seal(key) }
        }),
      )
      .onConflictDoNothing()
    return relayersOf(db, box, owner, [])
  }
  return existing
    .filter((r) => chainIds.length === 0 || chainIds.includes(r.chainId))
    .sort((a, b) => a.chainId - b.chainId)
}

export async function findRelayer(db: Db, payee: Address, chainId: number): Promise<RelayerRow | undefined> {
  const [row] = await db
    .select()
    .from(relayers)
    .where(and(eq(relayers.payee, getAddress(payee)), eq(relayers.chainId, chainId)))
  return row
}

export async function updateRelayerSettings(
  db: Db,
  payee: Address,
  chainId: number,
  settings: {
    enabled?: boolean | undefined
    feeCap?: bigint | null | undefined
    revertBudget?: number | undefined
    /** Ends a pause; the reverts before now no longer count against the budget. */
    resume?: boolean | undefined
  },
): Promise<RelayerRow | undefined> {
  const [row] = await db
    .update(relayers)
    .set({
      ...(settings.enabled === undefined ? {} : { enabled: settings.enabled }),
      ...(settings.feeCap === undefined ? {} : { feeCap: settings.feeCap === null ? null : String(settings.feeCap) }),
      ...(settings.revertBudget === undefined ? {} : { revertBudget: settings.revertBudget }),
      ...(settings.resume ? { pausedAt: null, pausedReason: null, resumedAt: sql`now()` } : {}),
    })
    .where(and(eq(relayers.payee, getAddress(payee)), eq(relayers.chainId, chainId)))
    .returning()
  return row
}

/**
 * Takes the relayer's next nonce (at least `atLeast`, what the chain counts) inside the caller's
 * transaction: the row stays locked until it commits, so two relays never get one nonce.
 */
export async function takeNonce(tx: Db, relayer: Address, atLeast: number): Promise<number> {
  const [row] = await tx
    .update(relayers)
    .set({ nextNonce: sql`greatest(${relayers.nextNonce}, ${atLeast}) + 1` })
    .where(eq(relayers.address, relayer))
    .returning({ next: relayers.nextNonce })
  return row!.next - 1
}

const accounts = new Map<string, PrivateKeyAccount>()

/** The relayer's signing account, opened once per process. */
export function relayerAccount(box: SecretBox, row: Pick<RelayerRow, 'address' | 'keySealed'>): PrivateKeyAccount {
  let account = accounts.get(row.address)
  if (!account) {
    account = privateKeyToAccount(box.open(row.keySealed) as `0x${string}`)
    accounts.set(row.address, account)
  }
  return account
}

/** The same by address: the database is asked for the sealed key only the first time (every relay signs). */
export async function relayerAccountAt(db: Db, box: SecretBox, address: Address): Promise<PrivateKeyAccount> {
  return accounts.get(address) ?? relayerAccount(box, (await findRelayerByAddress(db, address))!)
}

export async function findRelayerByAddress(db: Db, address: Address): Promise<RelayerRow | undefined> {
  const [row] = await db.select().from(relayers).where(eq(relayers.address, address))
  return row
}
