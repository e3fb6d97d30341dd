import { walkCause } from '../domain/baseError.ts'
import {
  WalletError,
  UserRejectedError,
  UnauthorizedError,
  UnsupportedMethodError,
  DisconnectedError,
  ChainDisconnectedError,
  RequestPendingError,
  UnknownChainError,
  InvalidWalletResponseError,
  WrongChainError,
  InsufficientFundsError,
  UnknownWalletError,
  messageOf,
} from './walletErrors.ts'

function rpcCodeOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined
  const code = (error as { code?: unknown }).code
  return typeof code === 'number' ? code : undefined
}

const insufficientFunds = /insufficient funds|exceeds (the )?balance|gas \* price \+ value/i

/**
 * Turns anything a wallet, wagmi or viem threw into one WalletError with a sentence for the person.
 * Walks the cause chain because wagmi and viem wrap the wallet's own error.
 */
export function toWalletError(error: unknown, context: { method?: string } = {}): WalletError {
  if (error instanceof WalletError) return error
  const coded = walkCause(error, (e) => rpcCodeOf(e) !== undefined && knownRpcCodes.has(rpcCodeOf(e)!))
  switch (rpcCodeOf(coded)) {
    case 4001:
      return new UserRejectedError(error, context.method)
    case 4100:
      return new UnauthorizedError(error)
    case 4200:
    case -32601:
      return new UnsupportedMethodError({ method: context.method, cause: error })
    case 4900:
      return new DisconnectedError(error)
    case 4901:
      return new ChainDisconnectedError(error)
    case -32002:
      return new RequestPendingError(error)
    case 4902:
      return new UnknownChainError({ cause: error })
  }
  const garbled = walkCause(error, (e) => e instanceof Error && /InvalidAddress|InvalidChainId|InvalidHex/.test(e.name))
  if (garbled) return new InvalidWalletResponseError({ method: context.method ?? 'a wallet request', cause: error })
  const named = walkCause(error, (e) => e instanceof Error && /ChainMismatch/.test(e.name))
  if (named) return new WrongChainError({ cause: error })
  const funds = walkCause(error, (e) => insufficientFunds.test(messageOf(e) ?? ''))
  if (funds) return new InsufficientFundsError(error)
  return new UnknownWalletError(error)
}

const knownRpcCodes = new Set([4001, 4100, 4200, -32601, 4900, 4901, -32002, 4902])
