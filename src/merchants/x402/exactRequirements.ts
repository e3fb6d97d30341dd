import type { PaymentRequired, PaymentRequirements } from '@x402/core/types'
import type { TokenProfile } from '../../chain/tokens.ts'

/** The x402 protocol version Billfold speaks (headers PAYMENT-REQUIRED, PAYMENT-SIGNATURE, PAYMENT-RESPONSE). */
export const X402_VERSION = 2
/** How long a client's authorization may stay valid: enough to sign and send, short enough not to linger. */
export const MAX_TIMEOUT_SECONDS = 300

/** A chain as x402 names it: CAIP-2. */
export const networkOf = (chainId: number) => `eip155:${chainId}` as const

/** What a payment of `amount` (base units) to `payTo` in `token` must be: the `exact` scheme on EVM, ERC-3009. */
export function exactRequirements(
  chainId: number,
  token: TokenProfile,
  payTo: string,
  amount: bigint,
  extra: Record<string, unknown> = {},
): PaymentRequirements {
  return {
    scheme: 'exact',
    network: networkOf(chainId),
    asset: token.address,
    amount: String(amount),
    payTo,
    maxTimeoutSeconds: MAX_TIMEOUT_SECONDS,
    extra: { name: token.eip712!.name, version: token.eip712!.version, ...extra },
  }
}

/** The 402 answer's body (also base64 in PAYMENT-REQUIRED): what to pay, for what, and why the last try failed. */
export function paymentRequired(
  requirements: PaymentRequirements,
  resource: { url: string; description: string },
  error?: string,
): PaymentRequired {
  return {
    x402Version: X402_VERSION,
    ...(error ? { error } : {}),
    resource: { ...resource, mimeType: 'application/json' },
    accepts: [requirements],
  }
}

/**
 * Whether what the client says it accepted is what is required, to the unit: the scheme, the
 * network, the token, the amount and the recipient. The x402 reason when not.
 */
export function requirementsMismatch(accepted: PaymentRequirements, required: PaymentRequirements): string | undefined {
  if (accepted.scheme !== required.scheme) return 'invalid_exact_evm_scheme'
  if (accepted.network !== required.network) return 'invalid_exact_evm_network_mismatch'
  if (accepted.asset.toLowerCase() !== required.asset.toLowerCase()) return 'invalid_payment_requirements'
  if (accepted.amount !== required.amount) return 'invalid_exact_evm_payload_authorization_value_mismatch'
  if (accepted.payTo.toLowerCase() !== required.payTo.toLowerCase()) return 'invalid_exact_evm_recipient_mismatch'
  return undefined
}
