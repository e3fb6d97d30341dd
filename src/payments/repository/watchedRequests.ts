import { and, eq, gte, isNotNull, isNull, min, or, sql } from 'drizzle-orm'
import { getAddress, type Address, type Hex } from 'viem'
import type { Db } from '../../db/createDatabase.ts'
import { paymentRequests, payouts, relays, requestChains } from '../../db/schema.ts'
import { NATIVE_ASSET } from '../../domain/paymentRequest.ts'

/** What the watcher needs of a request to recognise its payment. */
export type CandidateRequest = {
  id: string
  asset: Address | typeof NATIVE_ASSET
  payee: Address
  payer: Address | null
  reference: Hex
}

/**
 * The requests on a chain that carry these references, keyed by reference: their own, or the first
 * 16 bytes of an authorization nonce a relay bound to them (an x402 client draws its nonce at
 * random; the relay row, stored before anything is sent, says which request it pays).
 */
export async function requestsByReference(
  db: Db,
  chainId: number,
  references: readonly Hex[],
): Promise<Map<string, CandidateRequest>> {
  if (references.length === 0) return new Map()
  // A request of several chains takes, on this one, the token it lists for it.
  const rows = await db
    .select({
      id: paymentRequests.id,
      asset: sql<string>`coalesce(${requestChains.asset}, ${paymentRequests.asset})`,
      payee: paymentRequests.payee,
      payer: paymentRequests.payer,
      reference: paymentRequests.reference,
    })
    .from(paymentRequests)
    .leftJoin(requestChains, and(eq(requestChains.requestId, paymentRequests.id), eq(requestChains.chainId, chainId)))
    .where(
      and(
        or(eq(paymentRequests.chainId, chainId), isNotNull(requestChains.chainId)),
        // A priced request is paid through its quotes' requests, each in a token.
        isNull(paymentRequests.currency),
        sql`${paymentRequests.reference} in (select json_array_elements_text(${JSON.stringify(references)}::json))`,
      ),
    )
  // A relay on another chain the request accepts pays it in its token there.
  const bound = await db
    .select({
      id: paymentRequests.id,
      asset: sql<string>`coalesce(${requestChains.asset}, ${paymentRequests.asset})`,
      payee: paymentRequests.payee,
      payer: paymentRequests.payer,
      reference: sql<string>`left(${relays.authorizationNonce}, 34)`,
    })
    .from(relays)
    .innerJoin(paymentRequests, eq(paymentRequests.id, relays.requestId))
    .leftJoin(requestChains, and(eq(requestChains.requestId, paymentRequests.id), eq(requestChains.chainId, chainId)))
    .where(
      and(
        eq(relays.chainId, chainId),
        sql`left(${relays.authorizationNonce}, 34) in (select json_array_elements_text(${JSON.stringify(references)}::json))`,
      ),
    )
  return new Map(
    [...bound, ...rows].map((r) => [
      r.reference,
      {
        id: r.id,
        asset: r.asset === NATIVE_ASSET ? NATIVE_ASSET : getAddress(r.asset),
        payee: r.payee as Address,
        payer: r.payer as Address | null,
        reference: r.reference as Hex,
      },
    ]),
  )
}

/** The block the oldest request on a chain was made at, or undefined when it has none. */
export async function oldestRequestBlock(db: Db, chainId: number): Promise<bigint | undefined> {
  const [row] = await db
    .select({ first: min(paymentRequests.createdBlock) })
    .from(paymentRequests)
    .where(eq(paymentRequests.chainId, chainId))
  // A payout's transfers are looked for too, on a chain where the payee never asked for anything.
  const [payout] = await db
    .select({ first: min(payouts.createdBlock) })
    .from(payouts)
    .where(eq(payouts.chainId, chainId))
  const [accepted] = await db
    .select({ first: min(requestChains.createdBlock) })
    .from(requestChains)
    .where(eq(requestChains.chainId, chainId))
  const blocks = [row?.first, payout?.first, accepted?.first]
    .filter((b) => b !== null && b !== undefined)
    .map((b) => BigInt(b!))
  return blocks.length === 0 ? undefined : blocks.reduce((a, b) => (a < b ? a : b))
}

/** Per asset and payee on a chain, the first block asked at and the newest creation time, for requests made since `since`. */
export async function payeesOfRequests(db: Db, chainId: number, since: Date | undefined) {
  const own = await db
    .select({
      asset: paymentRequests.asset,
      payee: paymentRequests.payee,
      createdBlock: min(paymentRequests.createdBlock),
      newest: sql<string>`max(${paymentRequests.createdAt})`,
    })
    .from(paymentRequests)
    .where(
      and(
        eq(paymentRequests.chainId, chainId),
        isNull(paymentRequests.currency),
        since ? gte(paymentRequests.createdAt, since) : undefined,
      ),
    )
    .groupBy(paymentRequests.asset, paymentRequests.payee)
  // Requests made on another chain that accept this one too, in their token here.
  const elsewhere = await db
    .select({
      asset: requestChains.asset,
      payee: paymentRequests.payee,
      createdBlock: min(requestChains.createdBlock),
      newest: sql<string>`max(${paymentRequests.createdAt})`,
    })
    .from(requestChains)
    .innerJoin(paymentRequests, eq(paymentRequests.id, requestChains.requestId))
    .where(and(eq(requestChains.chainId, chainId), since ? gte(paymentRequests.createdAt, since) : undefined))
    .groupBy(requestChains.asset, paymentRequests.payee)
  return [...own, ...elsewhere]
}
