import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm'
import type { Db } from '../../db/createDatabase.ts'
import { paymentRequests, payments, requestChains } from '../../db/schema.ts'
import { NATIVE_ASSET } from '../../domain/paymentRequest.ts'
import type { Address } from 'viem'
import type { PaymentRequestRow } from './paymentRequests.ts'

/** An open request a direct transfer could pay: what is still due on it, and the block it was made at. */
export type DueRequest = {
  id: string
  asset: Address | typeof NATIVE_ASSET
  payee: Address
  payer: Address | null
  createdBlock: bigint
  due: bigint
}

/** The statuses a direct transfer can still pay. */
const PAYABLE = ['open', 'partially_paid', 'pending']

/** What has been paid towards a request, per request through the payments' request index: never a scan of every payment. */
export const paidTowards = (requestId: typeof paymentRequests.id) =>
  sql<string | null>`(select sum(${payments.amount}) from ${payments} where ${payments.requestId} = ${requestId})`

/**
 * The requests of these payees and assets on a chain that a direct transfer could still pay (not
 * cancelled, something still due), with what is due on each: those made on the chain and those made
 * on another that accept it too (in their token there, from their block there). What is due counts
 * what was paid on every chain. The one place that decides it, for the watcher's matching by amount,
 * the pay page's direct-payment panel and the create form's warning.
 */
export async function dueRequests(
  db: Db,
  { chainId, payees, assets }: { chainId: number; payees: readonly string[]; assets: readonly string[] },
): Promise<DueRequest[]> {
  const payable = and(
    inArray(paymentRequests.payee, [...new Set(payees)]),
    inArray(paymentRequests.status, PAYABLE),
    isNull(paymentRequests.cancelledAt),
  )
  const fields = {
    id: paymentRequests.id,
    payee: paymentRequests.payee,
    payer: paymentRequests.payer,
    amount: paymentRequests.amount,
    paid: paidTowards(paymentRequests.id),
  }
  const own = await db
    .select({ ...fields, asset: paymentRequests.asset, createdBlock: paymentRequests.createdBlock })
    .from(paymentRequests)
    .where(and(eq(paymentRequests.chainId, chainId), inArray(paymentRequests.asset, [...new Set(assets)]), payable))
  const elsewhere = await db
    .select({ ...fields, asset: requestChains.asset, createdBlock: requestChains.createdBlock })
    .from(requestChains)
    .innerJoin(paymentRequests, eq(paymentRequests.id, requestChains.requestId))
    .where(
      and(
        eq(requestChains.chainId, chainId),
        ne(paymentRequests.chainId, chainId),
        inArray(requestChains.asset, [...new Set(assets)]),
        payable,
      ),
    )
  return [...own, ...elsewhere]
    .map((r) => ({
      id: r.id,
      asset: r.asset === NATIVE_ASSET ? NATIVE_ASSET : (r.asset as DueRequest['asset']),
      payee: r.payee as DueRequest['payee'],
      payer: r.payer as DueRequest['payer'],
      createdBlock: r.createdBlock,
      due: BigInt(r.amount) - BigInt(r.paid ?? 0),
    }))
    .filter((r) => r.due > 0n)
}

/**
 * Whether a plain transfer (no reference) of what is still due, sent on `on` (the request's own chain
 * unless another it accepts), would pay this request and no other there.
 */
export async function directPaymentOf(
  db: Db,
  request: PaymentRequestRow,
  on: { chainId: number; asset: string } = request,
): Promise<{ available: boolean; reason: string | null; due: bigint }> {
  const open = await dueRequests(db, { chainId: on.chainId, payees: [request.payee], assets: [on.asset] })
  const own = open.find((r) => r.id === request.id)
  if (!own) {
    const [row] = await db
      .select({ paid: paidTowards(paymentRequests.id) })
      .from(paymentRequests)
      .where(eq(paymentRequests.id, request.id))
    const due = BigInt(request.amount) - BigInt(row?.paid ?? 0)
    return { available: false, reason: 'This request is not waiting for a payment.', due: due > 0n ? due : 0n }
  }
  if (open.some((r) => r.id !== request.id && r.due === own.due))
    return {
      available: false,
      reason:
        // Said to the payer: why a plain transfer is not offered, without the payee's other business.
        'A plain transfer could not be matched to this request for now. Pay with a wallet from this page.',
      due: own.due,
    }
  return { available: true, reason: null, due: own.due }
}

/** Whether the payee has an open request on this chain and asset with exactly `amount` still due: a direct transfer could not tell a new one apart. */
export async function hasOpenRequestDue(
  db: Db,
  { payee, chainId, asset, amount }: { payee: string; chainId: number; asset: string; amount: bigint },
): Promise<boolean> {
  return (await dueRequests(db, { chainId, payees: [payee], assets: [asset] })).some((r) => r.due === amount)
}
