import type { PaymentPayload, PaymentRequirements, SettleResponse, VerifyResponse } from '@x402/core/types'
import { WaitForTransactionReceiptTimeoutError, type Address, type Hash } from 'viem'
import {
  cancelUnpaidRequest,
  insertPaymentRequest,
  newPaymentRequestId,
  type PaymentRequestRow,
} from '../../payments/repository/paymentRequests.ts'
import type { AuthorizationInput } from '../../payments/methods/erc3009/checkAuthorization.ts'
import { erc3009 } from '../../payments/methods/erc3009/erc3009.ts'
import type { SignedPaymentRules } from '../../payments/methods/paymentMethod.ts'
import { checkExactPayload, x402Rules } from './exactPayload.ts'
import { findRelayOf, prepareRelay, type PreparedRelay } from '../../relayer/prepareRelay.ts'
import { feeAboveCapReason, relayPayment, relayPrepared } from '../../relayer/relayPayment.ts'
import { clientOf, type RelayerServices } from '../../relayer/relayerServices.ts'
import type { RelayRow } from '../../relayer/sendRelay.ts'
import { earlierRequest, referenceOfPayment, relayOfPayment, type PaymentTarget } from './paymentTarget.ts'
import { REPLAY_REASON, replayMessage, SETTLEMENT_PENDING, x402MessageOf, x402ReasonOf } from './x402Reasons.ts'

/**
 * Whether this payment would pay its target, checked in full (its terms, the chain, a simulation);
 * nothing is stored or sent. One that already paid or made a request is not valid again.
 */
export async function verifyExact(
  services: RelayerServices,
  target: PaymentTarget,
  required: PaymentRequirements,
  payment: PaymentPayload,
): Promise<VerifyResponse> {
  const checked = checkExactPayload(payment, required)
  if ('invalid' in checked) return { isValid: false, invalidReason: checked.invalid, invalidMessage: checked.message }
  const { authorization, signature } = checked.exact
  const invalid = (invalidReason: string, invalidMessage: string): VerifyResponse => ({
    isValid: false,
    invalidReason,
    invalidMessage,
    payer: authorization.from,
  })
  try {
    const earlier = await earlierRequest(services, target, authorization)
    if (earlier)
      return target.owns(earlier)
        ? invalid(REPLAY_REASON, 'This authorization was already settled.')
        : invalid(REPLAY_REASON, replayMessage(earlier.id))
    const request = target.request ?? target.make!.draft(newPaymentRequestId(), referenceOfPayment(authorization))
    const prepared = await prepareRelay(
      services,
      request,
      { method: erc3009, input: authorization, signature },
      x402Rules(required),
    )
    if ('existing' in prepared) return invalid(REPLAY_REASON, 'This authorization was already settled.')
    return { isValid: true, payer: prepared.prepared.call.payer }
  } catch (error) {
    return invalid(x402ReasonOf(error), x402MessageOf(error))
  }
}

/**
 * Settles the payment through the payee's relayer and waits for `confirmations` blocks on top of
 * it (0: answers once the node has it). Everything is checked before anything is stored: a failed
 * try leaves no request and no relay. The same payment tried again or at the same time, for the
 * same target, is answered with its one relay's settlement (`settlement_pending` while that relay
 * is not yet sent or confirmed); aimed at another request, it is a replay and fails.
 */
export async function settleExact(
  services: RelayerServices,
  target: PaymentTarget,
  required: PaymentRequirements,
  payment: PaymentPayload,
  confirmations: number,
): Promise<SettleResponse> {
  const failed = (errorReason: string, errorMessage: string, payer?: string): SettleResponse => ({
    success: false,
    errorReason,
    errorMessage,
    transaction: '',
    network: required.network,
    ...(payer ? { payer } : {}),
  })
  const checked = checkExactPayload(payment, required)
  if ('invalid' in checked) return failed(checked.invalid, checked.message)
  const { authorization, signature } = checked.exact
  const rules = x402Rules(required)
  try {
    const resolved = await requestToPay(services, target, authorization, signature, rules)
    if ('replay' in resolved) return failed(REPLAY_REASON, replayMessage(resolved.replay), authorization.from)
    const { request, made, prepared } = resolved
    let relay: RelayRow
    try {
      relay = prepared
        ? await relayPrepared(services, request, prepared)
        : await relayPayment(services, request, { method: erc3009, input: authorization, signature }, rules)
    } catch (error) {
      // A try of this same payment at the same moment may have relayed it: then that relay answers.
      const same = await relayOfPayment(services, target, authorization)
      if (!same) {
        if (made) await cancelUnpaidRequest(services.db, request.id)
        throw error
      }
      relay = same
    }
    if (relay.requestId !== request.id) {
      if (made) await cancelUnpaidRequest(services.db, request.id)
      return failed(REPLAY_REASON, replayMessage(relay.requestId ?? ''), authorization.from)
    }
    return await settlementOf(services, relay, required, confirmations)
  } catch (error) {
    return failed(x402ReasonOf(error), x402MessageOf(error), authorization.from)
  }
}

/**
 * The request this try pays: the one this payment already paid or made, if it is the target's (else
 * a replay); the target's request; or the one it makes, checked in full as it will be and only then
 * stored. A try that loses the race to store it takes the one the winner stored.
 */
async function requestToPay(
  services: RelayerServices,
  target: PaymentTarget,
  authorization: AuthorizationInput,
  signature: string,
  rules: SignedPaymentRules,
): Promise<{ request: PaymentRequestRow; made: boolean; prepared?: PreparedRelay } | { replay: string }> {
  // Twice at most: a second round only after another try stored this payment's request or relay meanwhile.
  for (let round = 0; ; round++) {
    const earlier = await earlierRequest(services, target, authorization)
    if (earlier) return target.owns(earlier) ? { request: earlier, made: false } : { replay: earlier.id }
    if (!target.make) return { request: target.request!, made: false }
    const draft = target.make.draft(newPaymentRequestId(), referenceOfPayment(authorization))
    try {
      // The delegate signs while the chain is asked: stored only once the payment passed.
      const [prepared, signed] = await Promise.all([
        prepareRelay(services, draft, { method: erc3009, input: authorization, signature }, rules),
        target.make.sign(draft),
      ])
      if (!('existing' in prepared))
        return {
          request: await insertPaymentRequest(services.db, { ...signed, id: draft.id }),
          made: true,
          prepared: prepared.prepared,
        }
      if (round > 0) return { replay: prepared.existing.requestId ?? '' }
    } catch (error) {
      if (round > 0 || !(await earlierRequest(services, target, authorization))) throw error
    }
  }
}

/** How long a try waits for the relay of its payment (another try's, maybe) to be signed before answering pending. */
const SIGNING_WAIT_MS = 10_000
const POLL_MS = 100

/** The settlement a relay gives: its transaction once on chain with `confirmations` on top, or why not (yet). */
async function settlementOf(
  services: RelayerServices,
  stored: RelayRow,
  required: PaymentRequirements,
  confirmations: number,
): Promise<SettleResponse> {
  let relay = stored
  const deadline = Date.now() + SIGNING_WAIT_MS
  while (relay.state === 'waiting' && relay.reason !== feeAboveCapReason && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
    relay =
      (await findRelayOf(
        services,
        relay.chainId,
        relay.token as Address,
        relay.payer as Address,
        relay.authorizationNonce!,
      )) ?? relay
  }
  const payer = relay.payer ?? undefined
  const answer = (fields: Partial<SettleResponse>): SettleResponse => ({
    success: false,
    transaction: '',
    network: required.network,
    ...(payer ? { payer } : {}),
    ...fields,
    extra: { confirmations, requestId: relay.requestId },
  })
  const hash = (relay.transactionHash ?? relay.transactionHashes.at(-1)) as Hash | undefined
  if (relay.state === 'expired')
    return answer({
      errorReason: 'invalid_exact_evm_payload_authorization_valid_before',
      errorMessage: relay.reason ?? 'The authorization expired before the payment could be sent.',
    })
  if (relay.state === 'reverted')
    return answer({
      errorReason: 'invalid_exact_evm_transaction_failed',
      errorMessage: 'The token refused the transfer on chain.',
    })
  const pending = (transaction: string) =>
    answer({
      errorReason: SETTLEMENT_PENDING,
      errorMessage: relay.reason ?? 'The payment is on its way: ask again in a moment.',
      transaction,
    })
  if (!hash || relay.state === 'waiting') return pending(hash ?? '')
  if (confirmations === 0) return answer({ success: true, transaction: hash })
  let receipt
  try {
    receipt = await clientOf(services, relay.chainId).waitForTransactionReceipt({
      hash,
      confirmations,
      pollingInterval: 100,
      timeout: required.maxTimeoutSeconds * 1000,
    })
  } catch (error) {
    if (error instanceof WaitForTransactionReceiptTimeoutError) return pending(hash)
    throw error
  }
  if (receipt.status !== 'success')
    return answer({
      errorReason: 'invalid_exact_evm_transaction_failed',
      errorMessage: 'The token refused the transfer on chain.',
    })
  return answer({ success: true, transaction: receipt.transactionHash })
}
