import type { Address } from 'viem'
import { paymentUri } from '../../domain/eip681.ts'
import { NATIVE_ASSET } from '../../domain/paymentRequest.ts'

/** A chain the request accepts, as the server judges a plain transfer there. */
export type DirectPayChain = { chainId: number; asset: string; available: boolean }

/** A plain transfer on one chain: its token there, whether the amount alone would match it, and the EIP-681 URI. */
export type DirectPayTerms = {
  chainId: number
  token: Address | undefined
  available: boolean
  uri: string | undefined
}

/**
 * What a payer paying from another wallet sends on `chainId` (the request's own chain when it accepts
 * no such chain): what is still due on the request, wherever the rest was paid, in that chain's token.
 */
export function directPayTerms(
  { payee, due, chains }: { payee: Address; due: bigint; chains: readonly DirectPayChain[] },
  chainId: number,
): DirectPayTerms {
  const on = chains.find((c) => c.chainId === chainId) ?? chains[0]
  if (!on) throw new RangeError('a request accepts at least one chain')
  const token = on.asset === NATIVE_ASSET ? undefined : (on.asset as Address)
  const payable = on.available && due > 0n
  return {
    chainId: on.chainId,
    token,
    available: payable,
    uri: payable ? paymentUri({ chainId: on.chainId, asset: token ?? NATIVE_ASSET, payee, amount: due }) : undefined,
  }
}
