import { and, eq } from 'drizzle-orm'
import { getAddress, type Address, type Hex } from 'viem'
import { relays } from '../../db/schema.ts'
import { newShortId } from '../../domain/shortId.ts'
import type { PaymentRequestRow } from '../../payments/repository/paymentRequests.ts'
import { currentFees, worstCost } from '../../relayer/relayFees.ts'
import { feeAboveCapReason } from '../../relayer/relayPayment.ts'
import { findRelayer } from '../../relayer/relayerStore.ts'
import { clientOf, type RelayerServices } from '../../relayer/relayerServices.ts'
import { pausedReason, refuseOverBudget } from '../../relayer/revertBudget.ts'
import { sendRelay, type RelayRow } from '../../relayer/sendRelay.ts'
import { GaslessUnavailableError } from '../../domain/errors/relayer.ts'

/** Head room over the estimate: state can change a little between the estimate and the block. */
const GAS_MARGIN_PERCENT = 120n

/**
 * A period's charge sent by the payee's relayer with its safety: on and not paused, within its
 * revert budget and fee cap (above it the charge waits for the monitor), its nonce stored before
 * sending. One relay of a request on its way at a time (the relays' unique index), so two servers
 * never send a period twice. The relay names no token: it is no signed payment of the payer's to sum.
 * A payer's Permit2 permit goes the same way as a relay of its own, once per permit (`permit.key`):
 * sent again, it is the relay already made.
 */
export async function sendCharge(
  services: RelayerServices,
  request: PaymentRequestRow,
  call: { to: Address; data: Hex },
  permit?: { token: Address; key: string },
): Promise<RelayRow> {
  const relayer = await findRelayer(services.db, getAddress(request.payee), request.chainId)
  if (!relayer?.enabled)
    throw new GaslessUnavailableError({
      field: 'requestId',
      shortMessage: "The payee's relayer is off: no charge can be sent.",
    })
  if (relayer.pausedAt) throw new GaslessUnavailableError({ field: 'requestId', shortMessage: pausedReason(relayer) })
  const client = clientOf(services, request.chainId)
  const [gas, fees] = await Promise.all([
    client.estimateGas({ account: relayer.address as Address, to: call.to, data: call.data }),
    currentFees(client),
  ])
  const gasLimit = (gas * GAS_MARGIN_PERCENT) / 100n
  const aboveCap = relayer.feeCap !== null && worstCost(gasLimit, fees) > BigInt(relayer.feeCap)
  const inserted = await services.db.transaction(async (tx) => {
    await refuseOverBudget(tx, relayer)
    const [row] = await tx
      .insert(relays)
      .values({
        id: newShortId(),
        payee: getAddress(request.payee),
        chainId: request.chainId,
        relayer: relayer.address,
        kind: permit ? 'permit' : 'payment',
        requestId: request.id,
        payer: request.payer,
        token: permit?.token ?? null,
        authorizationNonce: permit?.key ?? null,
        target: call.to,
        data: call.data,
        value: '0',
        gasLimit: String(gasLimit),
        state: 'waiting',
        reason: aboveCap ? feeAboveCapReason : null,
      })
      .onConflictDoNothing()
      .returning()
    return row
  })
  if (!inserted && permit) {
    const [made] = await services.db
      .select()
      .from(relays)
      .where(
        and(
          eq(relays.chainId, request.chainId),
          eq(relays.token, permit.token),
          eq(relays.payer, request.payer!),
          eq(relays.authorizationNonce, permit.key),
        ),
      )
    return made!
  }
  if (!inserted)
    throw new GaslessUnavailableError({
      field: 'requestId',
      shortMessage: 'A charge of this period is already on its way.',
    })
  if (aboveCap) return inserted
  return sendRelay(services, inserted, fees)
}
