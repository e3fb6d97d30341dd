import { and, eq, sql } from 'drizzle-orm'
import { keccak256, type Address, type Hex } from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'
import { relays } from '../db/schema.ts'
import { currentFees, type Fees } from './relayFees.ts'
import { relayerAccountAt, takeNonce } from './relayerStore.ts'
import { clientOf, type RelayerServices } from './relayerServices.ts'

export type RelayRow = typeof relays.$inferSelect

/**
 * Signs a waiting relay with the relayer's next nonce and stores the signed bytes, in one
 * transaction, then broadcasts them. A server that dies in between leaves a `signed` relay that
 * the monitor broadcasts: the same bytes, so the same transaction, never a second one.
 */
export async function sendRelay(services: RelayerServices, relay: RelayRow, fees?: Fees): Promise<RelayRow> {
  const client = clientOf(services, relay.chainId)
  const relayer = relay.relayer as Address
  const [chainNonce, feesNow] = await Promise.all([
    client.getTransactionCount({ address: relayer, blockTag: 'pending' }),
    fees ?? currentFees(client),
  ])
  const account = await relayerAccountAt(services.db, services.box, relayer)
  const signed = await services.db.transaction(async (tx) => {
    const [still] = await tx.select({ state: relays.state }).from(relays).where(eq(relays.id, relay.id)).for('update')
    if (still?.state !== 'waiting') return undefined
    const nonce = await takeNonce(tx, relayer, chainNonce)
    const raw = await signRelay(account, relay, nonce, feesNow)
    const [updated] = await tx
      .update(relays)
      .set({
        state: 'signed',
        reason: null,
        txNonce: nonce,
        rawTransaction: raw,
        transactionHashes: [keccak256(raw)],
        maxFeePerGas: String(feesNow.maxFeePerGas),
        maxPriorityFeePerGas: String(feesNow.maxPriorityFeePerGas),
        updatedAt: sql`now()`,
      })
      .where(eq(relays.id, relay.id))
      .returning()
    return updated
  })
  if (!signed) return (await services.db.select().from(relays).where(eq(relays.id, relay.id)))[0]!
  return broadcast(services, signed)
}

/** The relay's transaction at `nonce` and `fees`, signed by its relayer: the bytes stored, then broadcast. */
export function signRelay(account: PrivateKeyAccount, relay: RelayRow, nonce: number, fees: Fees): Promise<Hex> {
  return account.signTransaction({
    chainId: relay.chainId,
    type: 'eip1559',
    to: relay.target as Address,
    data: relay.data as Hex,
    value: BigInt(relay.value),
    gas: BigInt(relay.gasLimit),
    nonce,
    ...fees,
  })
}

/**
 * Another signed version of a relay's nonce (a higher fee, or a fill), stored before it is
 * broadcast and only if the relay is still as it was read: two servers never both replace it.
 */
export async function storeVersion(
  services: RelayerServices,
  relay: RelayRow,
  raw: Hex,
  fees: Fees,
  head: bigint,
  change: Partial<RelayRow> = {},
): Promise<RelayRow | undefined> {
  const [stored] = await services.db
    .update(relays)
    .set({
      ...change,
      state: 'signed',
      rawTransaction: raw,
      transactionHashes: sql`array_append(${relays.transactionHashes}, ${keccak256(raw)})`,
      maxFeePerGas: String(fees.maxFeePerGas),
      maxPriorityFeePerGas: String(fees.maxPriorityFeePerGas),
      sentAtBlock: head,
      updatedAt: sql`now()`,
    })
    .where(
      and(eq(relays.id, relay.id), eq(relays.state, relay.state), eq(relays.rawTransaction, relay.rawTransaction!)),
    )
    .returning()
  if (stored) await broadcast(services, stored)
  return stored
}

/** Words nodes answer when they already have this transaction (or it was mined): the broadcast happened. */
const ALREADY_SENT = /already known|known transaction|nonce too low|already imported/i

/** Sends the stored bytes; a relay whose broadcast failed stays `signed` with the node's words, and is tried again. */
export async function broadcast(services: RelayerServices, relay: RelayRow): Promise<RelayRow> {
  const client = clientOf(services, relay.chainId)
  let reason: string | null = null
  try {
    await client.request({ method: 'eth_sendRawTransaction', params: [relay.rawTransaction as Hex] })
  } catch (error) {
    const words = nodeWords(error)
    if (!ALREADY_SENT.test(words)) reason = `The network refused the relay for now: ${words}`
  }
  const head = reason ? null : await client.getBlockNumber({ cacheTime: 0 }).catch(() => null)
  const [updated] = await services.db
    .update(relays)
    .set(
      reason
        ? { reason, updatedAt: sql`now()` }
        : { state: 'sent', reason: null, sentAtBlock: head, updatedAt: sql`now()` },
    )
    .where(and(eq(relays.id, relay.id), eq(relays.state, 'signed'), eq(relays.rawTransaction, relay.rawTransaction!)))
    .returning()
  if (reason)
    services.logger.warn(`[relayer] relay ${relay.id} not broadcast: ${reason}`, {
      chainId: relay.chainId,
      payee: relay.payee,
    })
  if (relay.requestId) await services.announce(relay.requestId, relay.payee)
  return updated ?? relay
}

/** The node's own words for a refusal: the innermost `details` viem kept along the causes, on one line. */
function nodeWords(error: unknown): string {
  let words = error instanceof Error ? error.message : String(error)
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const details = (e as { details?: unknown }).details
    if (typeof details === 'string' && details) words = details
  }
  return words.split('\n')[0]!
}
