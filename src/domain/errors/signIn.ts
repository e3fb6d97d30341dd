import { ApiError } from './apiError.ts'

// Sign-in with Ethereum (EIP-4361): why a signed message does not open a session.

/** The message is not an EIP-4361 message Billfold can read. */
export class SiweMessageInvalidError extends ApiError {
  static override readonly code = 'SIWE_MESSAGE_INVALID'
  declare readonly code: typeof SiweMessageInvalidError.code
  override name = 'SiweMessageInvalidError'
}

/** The message was made for another site (its domain or URI is not this Billfold's). */
export class SiweDomainMismatchError extends ApiError {
  static override readonly code = 'SIWE_DOMAIN_MISMATCH'
  declare readonly code: typeof SiweDomainMismatchError.code
  override name = 'SiweDomainMismatchError'
}

/** The message names a chain this Billfold does not offer. */
export class SiweChainUnsupportedError extends ApiError {
  static override readonly code = 'SIWE_CHAIN_UNSUPPORTED'
  declare readonly code: typeof SiweChainUnsupportedError.code
  override name = 'SiweChainUnsupportedError'
}

/** The message is past its expiry time, or not valid yet. */
export class SiweExpiredError extends ApiError {
  static override readonly code = 'SIWE_EXPIRED'
  declare readonly code: typeof SiweExpiredError.code
  override name = 'SiweExpiredError'
}

/** The message's nonce was not issued here, has expired or was used already. */
export class SiweNonceInvalidError extends ApiError {
  static override readonly code = 'SIWE_NONCE_INVALID'
  declare readonly code: typeof SiweNonceInvalidError.code
  override name = 'SiweNonceInvalidError'
}

/** The signature is not the address's signature of the message. */
export class SiweSignatureInvalidError extends ApiError {
  static override readonly code = 'SIWE_SIGNATURE_INVALID'
  declare readonly code: typeof SiweSignatureInvalidError.code
  override name = 'SiweSignatureInvalidError'
}
