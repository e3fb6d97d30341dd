import { ApiError } from '../../domain/errors/apiError.ts'

/** Billfold's refusal as the x402 reason a client's library knows (`invalidReason` / `errorReason`). */
export function x402ReasonOf(error: unknown): string {
  if (!(error instanceof ApiError)) return 'unexpected_settle_error'
  switch (error.code) {
    case 'SIGNATURE_INVALID':
      return 'invalid_exact_evm_signature'
    case 'AUTHORIZATION_USED':
      return 'invalid_exact_evm_nonce_already_used'
    case 'INSUFFICIENT_BALANCE':
      return 'invalid_exact_evm_insufficient_balance'
    case 'SIMULATION_FAILED':
      return 'invalid_exact_evm_transaction_simulation_failed'
    case 'AUTHORIZATION_EXPIRED':
      return error.field === 'authorization.validAfter'
        ? 'invalid_exact_evm_payload_authorization_valid_after'
        : 'invalid_exact_evm_payload_authorization_valid_before'
    case 'AUTHORIZATION_UNSUPPORTED':
      return 'invalid_exact_evm_eip3009_not_supported'
    case 'AUTHORIZATION_MISMATCH':
    case 'BAD_USER_INPUT':
      if (error.field === 'authorization.value') return 'invalid_exact_evm_payload_authorization_value_mismatch'
      if (error.field === 'authorization.to') return 'invalid_exact_evm_recipient_mismatch'
      if (error.field === 'authorization.validBefore') return 'invalid_exact_evm_payload_authorization_valid_before'
      if (error.field === 'signature') return 'invalid_exact_evm_signature'
      return 'unsupported_payload_type'
    default:
      return 'invalid_payment_requirements'
  }
}

/** The sentence for a person reading the answer (the API's own words). */
export const x402MessageOf = (error: unknown) =>
  error instanceof ApiError ? error.shortMessage : 'Billfold could not settle this payment.'

/** A payment tried again while its relay is not yet sent or confirmed: x402's retryable answer, with the transaction once known. */
export const SETTLEMENT_PENDING = 'settlement_pending'

/** An authorization that already paid (or made) one request, aimed at another: x402's reason for a used nonce. */
export const REPLAY_REASON = 'invalid_exact_evm_nonce_already_used'
export const replayMessage = (requestId: string) =>
  `Replay: this authorization already paid another request (${requestId}). Sign a new one for this resource.`
