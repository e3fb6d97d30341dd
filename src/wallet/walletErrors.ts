import { BaseError } from '../domain/baseError.ts'

export type WalletErrorCode =
  | 'WALLET_USER_REJECTED'
  | 'WALLET_UNAUTHORIZED'
  | 'WALLET_UNSUPPORTED_METHOD'
  | 'WALLET_DISCONNECTED'
  | 'WALLET_CHAIN_DISCONNECTED'
  | 'WALLET_REQUEST_PENDING'
  | 'WALLET_INSUFFICIENT_FUNDS'
  | 'WALLET_WRONG_CHAIN'
  | 'WALLET_UNKNOWN_CHAIN'
  | 'WALLET_NOT_CAPABLE'
  | 'WALLET_INVALID_RESPONSE'
  | 'WALLET_UNKNOWN_ERROR'

export class WalletError extends BaseError {
  override name = 'WalletError'
  declare readonly code: WalletErrorCode
  /** The EIP-1193 / JSON-RPC code the wallet answered with, when there was one. */
  readonly rpcCode: number | undefined

  constructor(fields: {
    code: WalletErrorCode
    shortMessage: string
    action: string
    details?: string
    rpcCode?: number
    cause?: unknown
  }) {
    super(fields)
    this.rpcCode = fields.rpcCode
  }
}

const SIGNING_METHODS = new Set(['personal_sign', 'eth_sign', 'eth_signTypedData_v4', 'eth_signTypedData'])

export class UserRejectedError extends WalletError {
  override name = 'UserRejectedError'
  /** A declined signature signed nothing; a declined transaction sent nothing: the message says which. */
  readonly signing: boolean
  constructor(cause?: unknown, method?: string) {
    const signing = method !== undefined && SIGNING_METHODS.has(method)
    super({
      code: 'WALLET_USER_REJECTED',
      rpcCode: 4001,
      shortMessage: signing ? 'You declined to sign in your wallet.' : 'You declined the request in your wallet.',
      action: signing
        ? 'Nothing was signed. Try again when you are ready.'
        : 'Nothing was sent. Try again when you are ready.',
      cause,
    })
    this.signing = signing
  }
}

export class UnauthorizedError extends WalletError {
  override name = 'UnauthorizedError'
  constructor(cause?: unknown) {
    super({
      code: 'WALLET_UNAUTHORIZED',
      rpcCode: 4100,
      shortMessage: 'Your wallet has not given this site access to that account.',
      action: 'Connect again and approve access to the account in your wallet.',
      cause,
    })
  }
}

export class UnsupportedMethodError extends WalletError {
  override name = 'UnsupportedMethodError'
  constructor(fields: { method?: string; cause?: unknown } = {}) {
    super({
      code: 'WALLET_UNSUPPORTED_METHOD',
      rpcCode: 4200,
      shortMessage: fields.method
        ? `Your wallet does not support ${fields.method}, which Billfold needs.`
        : 'Your wallet does not support a method Billfold needs.',
      action: 'Use another wallet, or update this one.',
      details: fields.method ? `missing method: ${fields.method}` : undefined,
      cause: fields.cause,
    })
  }
}

export class DisconnectedError extends WalletError {
  override name = 'DisconnectedError'
  constructor(cause?: unknown) {
    super({
      code: 'WALLET_DISCONNECTED',
      rpcCode: 4900,
      shortMessage: 'Your wallet is disconnected from the network.',
      action: 'Check your wallet is unlocked and online, then try again.',
      cause,
    })
  }
}

export class ChainDisconnectedError extends WalletError {
  override name = 'ChainDisconnectedError'
  constructor(cause?: unknown) {
    super({
      code: 'WALLET_CHAIN_DISCONNECTED',
      rpcCode: 4901,
      shortMessage: 'Your wallet is not connected to this network.',
      action: 'Switch your wallet to the network shown here, then try again.',
      cause,
    })
  }
}

export class RequestPendingError extends WalletError {
  override name = 'RequestPendingError'
  constructor(cause?: unknown) {
    super({
      code: 'WALLET_REQUEST_PENDING',
      rpcCode: -32002,
      shortMessage: 'Your wallet already has a request waiting for you.',
      action: 'Open your wallet and answer the request that is already there.',
      cause,
    })
  }
}

export class InsufficientFundsError extends WalletError {
  override name = 'InsufficientFundsError'
  constructor(cause?: unknown) {
    super({
      code: 'WALLET_INSUFFICIENT_FUNDS',
      shortMessage: 'This account does not have enough funds for the amount and the network fee.',
      action: 'Add funds to the account or pay from another one.',
      cause,
    })
  }
}

export class WrongChainError extends WalletError {
  override name = 'WrongChainError'
  readonly expectedChainId: number | undefined
  constructor(fields: { expectedChainId?: number; actualChainId?: number; cause?: unknown } = {}) {
    super({
      code: 'WALLET_WRONG_CHAIN',
      shortMessage: 'Your wallet is on another network.',
      action: 'Switch your wallet to the network shown here.',
      details:
        fields.expectedChainId !== undefined
          ? `expected chain ${fields.expectedChainId}, wallet is on ${fields.actualChainId ?? 'unknown'}`
          : undefined,
      cause: fields.cause,
    })
    this.expectedChainId = fields.expectedChainId
  }
}

export class UnknownChainError extends WalletError {
  override name = 'UnknownChainError'
  constructor(fields: { chainId?: number; cause?: unknown } = {}) {
    super({
      code: 'WALLET_UNKNOWN_CHAIN',
      rpcCode: 4902,
      shortMessage: 'Your wallet does not know this network and could not add it.',
      action: 'Add the network in your wallet, then try again.',
      details: fields.chainId !== undefined ? `chain ${fields.chainId}` : undefined,
      cause: fields.cause,
    })
  }
}

export class WalletNotCapableError extends WalletError {
  override name = 'WalletNotCapableError'
  readonly missingMethods: readonly string[]
  constructor(missingMethods: readonly string[]) {
    super({
      code: 'WALLET_NOT_CAPABLE',
      shortMessage: `This wallet cannot be used: it lacks ${missingMethods.join(', ')}.`,
      action: 'Use another wallet, or update this one.',
      details: `missing methods: ${missingMethods.join(', ')}`,
    })
    this.missingMethods = missingMethods
  }
}

export class InvalidWalletResponseError extends WalletError {
  override name = 'InvalidWalletResponseError'
  constructor(fields: { method: string; cause?: unknown }) {
    super({
      code: 'WALLET_INVALID_RESPONSE',
      shortMessage: 'Your wallet gave an answer Billfold cannot read.',
      action: 'Try again, or use another wallet.',
      details: `unreadable answer to ${fields.method}`,
      cause: fields.cause,
    })
  }
}

export class UnknownWalletError extends WalletError {
  override name = 'UnknownWalletError'
  constructor(cause?: unknown) {
    super({
      code: 'WALLET_UNKNOWN_ERROR',
      shortMessage: 'Your wallet reported an error.',
      action: 'Try again. If it keeps happening, reload the page or restart your wallet.',
      details: messageOf(cause),
      cause,
    })
  }
}

/** The words of whatever was thrown: viem's short message, an Error's, or a plain object's. */
export function messageOf(error: unknown): string | undefined {
  if (error instanceof Error) return (error as { shortMessage?: string }).shortMessage ?? error.message
  if (typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string')
    return (error as { message: string }).message
  return undefined
}
