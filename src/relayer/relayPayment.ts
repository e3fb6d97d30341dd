import { getAddress } from 'viem'
import { newShortId } from '../domain/shortId.ts'
import type { PaymentRequestRow } from '../payments/repository/paymentRequests.ts'
import { PAY_PAGE_RULES, type SignedPaymentRules } from '../payments/methods/paymentMethod.ts'
import { admitRelay } from './admitRelay.ts'
import { findRelayOf, prepareRelay, type PreparedRelay, type SignedPayment } from './prepareRelay.ts'
import { clientOf, type RelayerServices } from './relayerServices.ts'
import { sendRelay, type RelayRow } from './sendRelay.ts'
import { NotPayableError } from '../domain/errors/paymentRequest.ts'

/**
 * A payer's signed payment for a request, relayed by the payee's relayer: checked in full
 * (`prepareRelay`), then stored only if it fits in the payer's balance beside their relays on their
 * way and in the relayer's revert budget (`admitRelay`). The same signed payment again is the same
 * relay. Above the payee's fee cap it waits (the monitor sends it when fees fall, or reports it expired).
 */
export async function relayPayment<Input>(
  services: RelayerServices,
  request: PaymentRequestRow,
  signed: SignedPayment<Input>,
  rules: SignedPaymentRules = PAY_PAGE_RULES,
): Promise<RelayRow> {
  const checked = await prepareRelay(services, request, signed, rules)
  if ('existing' in checked) return checked.existing
  return relayPrepared(services, request, checked.prepared)
}

/** A relay `prepareRelay` checked for `request`: stored if it can land (`admitRelay`), then sent. */
export async function relayPrepared(
  services: RelayerServices,
  request: PaymentRequestRow,
  prepared: PreparedRelay,
): Promise<RelayRow> {
  const { method, token, call, relayer, gasLimit, fees, aboveCap } = prepared
  const inserted = await admitRelay(services.db, clientOf(services, request.chainId), prepared, {
    id: newShortId(),
    payee: getAddress(request.payee),
    chainId: request.chainId,
    relayer: relayer.address,
    kind: 'payment',
    requestId: request.id,
    method,
    payload: call.payload,
    token: token.address,
    payer: call.payer,
    authorizationNonce: call.key,
    validBefore: new Date(Number(call.validBefore) * 1000),
    target: call.target,
    data: call.data,
    value: '0',
    gasLimit: String(gasLimit),
    state: 'waiting',
    reason: aboveCap ? feeAboveCapReason : null,
  })
  if (!inserted) {
    // The same signed payment is the same relay; another one of this request still on its way is refused.
    const same = await findRelayOf(services, request.chainId, token.address, call.payer, call.key)
    if (same) return same
    throw new NotPayableError({
      field: 'requestId',
      shortMessage: 'A payment by signature for this request is already on its way: wait for it before signing again.',
    })
  }
  if (aboveCap) {
    await services.announce(request.id, request.payee)
    return inserted
  }
  return sendRelay(services, inserted, fees)
}

export const feeAboveCapReason =
  "Network fees are above the payee's cap for now: the payment is sent as soon as they fall, while the authorization is valid."
