import type { Address } from 'viem'
import type { TokenProfile } from '../../chain/tokens.ts'
import type { PaymentMethodId } from '../../domain/paymentMethods.ts'
import { erc3009 } from './erc3009/erc3009.ts'
import { nativeTransfer } from './nativeTransfer/nativeTransfer.ts'
import type { PaymentMethod, RelayedMethod, WatcherRead } from './paymentMethod.ts'
import { tokenTransfer } from './tokenTransfer/tokenTransfer.ts'

/** Every way to pay Billfold knows; a new one is its folder and a line here. */
export const paymentMethods = [tokenTransfer, nativeTransfer, erc3009] as const

const byId = new Map<string, PaymentMethod<never>>(paymentMethods.map((m) => [m.id, m as PaymentMethod<never>]))

/** The method of this id (a stored relay's `method`). */
export function methodById(id: string): PaymentMethod<never> {
  const method = byId.get(id)
  if (!method) throw new Error(`Unknown payment method ${id}`)
  return method
}

/** How the relayer sends a stored relay of this method. */
export function relayOf(id: string): RelayedMethod<never> {
  const relay = methodById(id).relay
  if (!relay) throw new Error(`Payment method ${id} is not sent by a relayer`)
  return relay
}

/** Whether a payer may pay in this token by this method. */
export const supports = (token: TokenProfile, id: PaymentMethodId) => token.methods.includes(id)

/** The methods of this token that a payee's relayer sends for the payer. */
export const relayedMethodsOf = (token: TokenProfile) => token.methods.filter((id) => methodById(id).relay)

/** The tokens among these whose payments need this fetch from the watcher's read stage. */
export const tokensReading = (tokens: readonly TokenProfile[], read: WatcherRead): Address[] =>
  tokens.filter((t) => t.methods.some((id) => methodById(id).watcher.reads.includes(read))).map((t) => t.address)
