import { eq } from 'drizzle-orm'
import { erc20Abi, formatUnits, getAddress, type Address, type Hex, type PublicClient } from 'viem'
import type { Db } from '../../db/createDatabase.ts'
import { paymentRequests, refunds } from '../../db/schema.ts'
import { newPaymentReference } from '../../domain/paymentReference.ts'
import { NATIVE_ASSET } from '../../domain/paymentRequest.ts'
import { checkRefundDraft, refundable, refundTransaction, type RefundTransaction } from '../../domain/refund.ts'
import { newShortId } from '../../domain/shortId.ts'
import { listPaymentsOf, type PaymentRequestRow, type PaymentRow } from '../repository/paymentRequests.ts'
import { heldByRefunds, type RefundRow } from './refundRows.ts'
import { refundChainOf } from './refundChain.ts'
import type { AcceptedChain } from '../../domain/requestChains.ts'
import { BadUserInputError, fieldErrors } from '../../domain/errors/input.ts'
import { InsufficientBalanceError } from '../../domain/errors/authorization.ts'
import { NotRefundableError, RefundExceedsReceivedError } from '../../domain/errors/refund.ts'

/** How long a prepared refund holds its amount while the payee's wallet sends it. */
export const REFUND_HOLD_MS = 24 * 60 * 60 * 1000

export type PreparedRefund = { refund: RefundRow; transaction: RefundTransaction & { chainId: number; from: Address } }

/** A refund checked against the request and tried on chain, for `storeRefund` to keep. */
export type CheckedRefund = {
  request: PaymentRequestRow
  /** The chain it goes back on and the request's token there. */
  on: AcceptedChain
  to: Address
  amount: bigint
  reference: Hex
  transaction: RefundTransaction
  preparedByKeyId: string | null
}

/**
 * Step one of preparing a refund of a request for its payee's wallet, before the change's
 * transaction: checks the amount and recipient, and asks the chain whether the payee can send it and
 * the token (or the recipient) takes it. Nothing is sent: Billfold never holds the payee's funds.
 */
export async function checkRefund(
  db: Db,
  clientOf: (chainId: number) => PublicClient,
  request: PaymentRequestRow,
  draft: {
    amount: string
    to?: string | null | undefined
    chainId?: number | null | undefined
    preparedByKeyId?: string | null
  },
): Promise<CheckedRefund> {
  // A priced request's payments are its quotes' requests, each in a token: those are what is refunded.
  if (request.currency !== null)
    throw new NotRefundableError({
      field: 'id',
      shortMessage:
        'A request priced in a currency is refunded in the token it was paid in: refund it from its payment in that token.',
    })
  if (BigInt(request.received) === 0n)
    throw new NotRefundableError({
      field: 'id',
      shortMessage: 'Nothing confirmed has been received for this request, so there is nothing to refund.',
    })
  // Read once: who paid decides the default recipient, and on which chain the refund goes back.
  const paid = await listPaymentsOf(db, [request.id])
  const to = draft.to?.trim() || defaultRecipient(paid)
  const checked = checkRefundDraft({ amount: draft.amount, to }, request)
  if ('problems' in checked)
    throw fieldErrors(Object.fromEntries(checked.problems.map((p) => [p.field, p.message] as const)))
  // Checked before the chain is asked (a clear answer), and again with the row locked (the rule).
  await assertRefundable(db, request, checked.amount)
  const on = refundChainOf(request, paid, checked.to, draft.chainId)
  const reference = newPaymentReference()
  const transaction = refundTransaction({ asset: on.asset, to: checked.to, amount: checked.amount, reference })
  await tryOnChain(
    clientOf(on.chainId),
    { ...request, asset: on.asset },
    {
      ...transaction,
      amount: checked.amount,
      recipient: checked.to,
    },
  )
  return {
    request,
    on,
    to: checked.to,
    amount: checked.amount,
    reference,
    transaction,
    preparedByKeyId: draft.preparedByKeyId ?? null,
  }
}

/**
 * Step two: stores a checked refund holding its amount, the request's row locked and what can still
 * be refunded read again, so refunds prepared at once never together exceed what was received.
 */
export async function storeRefund(db: Db, checked: CheckedRefund): Promise<PreparedRefund> {
  const { request, transaction } = checked
  const refund = await db.transaction(async (tx) => {
    await tx
      .select({ id: paymentRequests.id })
      .from(paymentRequests)
      .where(eq(paymentRequests.id, request.id))
      .for('update')
    const now = new Date()
    await assertRefundable(tx, request, checked.amount, now)
    const [row] = await tx
      .insert(refunds)
      .values({
        id: newShortId(),
        requestId: request.id,
        chainId: checked.on.chainId,
        asset: checked.on.asset,
        payee: request.payee,
        toAddress: checked.to,
        amount: checked.amount.toString(),
        reference: checked.reference,
        preparedByKeyId: checked.preparedByKeyId,
        expiresAt: new Date(now.getTime() + REFUND_HOLD_MS),
      })
      .returning()
    return row!
  })
  return { refund, transaction: { ...transaction, chainId: checked.on.chainId, from: getAddress(request.payee) } }
}

async function assertRefundable(db: Db, request: PaymentRequestRow, amount: bigint, now = new Date()) {
  const [row] = await db
    .select({ received: paymentRequests.received, refunded: paymentRequests.refunded })
    .from(paymentRequests)
    .where(eq(paymentRequests.id, request.id))
  const available = refundable({
    received: BigInt(row!.received),
    refunded: BigInt(row!.refunded),
    held: await heldByRefunds(db, request.id, now),
  })
  if (amount > available)
    throw new RefundExceedsReceivedError({
      field: 'amount',
      shortMessage: `amount is more than can still be refunded: ${formatUnits(available, request.decimals)} ${request.symbol} (what was received, less refunds sent or in flight).`,
    })
}

/** The address that paid, when every payment came from one; otherwise the payee must say. */
function defaultRecipient(paid: readonly PaymentRow[]): string {
  const senders = new Set(paid.map((p) => getAddress(p.fromAddress)))
  if (senders.size === 1) return [...senders][0]!
  throw new BadUserInputError({
    field: 'to',
    shortMessage:
      senders.size === 0
        ? 'to is needed: nothing was received for this request yet.'
        : `to is needed: this request was paid from ${senders.size} addresses; say which to refund.`,
  })
}

/** The payee's balance first (a clear refusal), then the exact transaction, run by the node from the payee. */
async function tryOnChain(
  client: PublicClient,
  request: PaymentRequestRow,
  call: RefundTransaction & { amount: bigint; recipient: Address },
) {
  const payee = getAddress(request.payee)
  const balance =
    request.asset === NATIVE_ASSET
      ? await client.getBalance({ address: payee })
      : await client.readContract({
          address: getAddress(request.asset),
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [payee],
        })
  if (balance < call.amount)
    throw new InsufficientBalanceError({
      field: 'amount',
      shortMessage: `amount is more than the payee's wallet holds: ${formatUnits(balance, request.decimals)} ${request.symbol}.`,
    })
  try {
    await client.estimateGas({ account: payee, to: call.to, value: call.value, data: call.data })
  } catch (error) {
    const words = error instanceof Error ? ((error as { shortMessage?: string }).shortMessage ?? error.message) : ''
    throw new BadUserInputError({
      field: 'to',
      shortMessage:
        request.asset === NATIVE_ASSET
          ? `to refuses ${request.symbol}: ${call.recipient} is a contract that does not accept it. Nothing was prepared.`
          : `to cannot receive ${request.symbol}: the token refused a transfer to ${call.recipient}. Nothing was prepared.`,
      details: words.split('\n')[0],
    })
  }
}
