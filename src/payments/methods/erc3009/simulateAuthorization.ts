import { encodeFunctionData, hexToSignature, size, type Address, type Hex, type PublicClient } from 'viem'
import { fiatTokenAbi } from '../../../chain/fiatTokenAbi.ts'
import type { TransferAuthorization } from '../../../domain/transferAuthorization.ts'
import type { RelayCall } from '../paymentMethod.ts'
import { ApiError } from '../../../domain/errors/apiError.ts'
import {
  AuthorizationUsedError,
  SignatureInvalidError,
  AuthorizationExpiredError,
  InsufficientBalanceError,
} from '../../../domain/errors/authorization.ts'
import { SimulationFailedError } from '../../../domain/errors/relayer.ts'

/**
 * The call a relayer sends: the v/r/s form for a wallet's own signature (every FiatToken version
 * has it), the `bytes signature` form otherwise (a contract's, checked with ERC-1271; v2.2 and later).
 */
export function relayCalldata(a: TransferAuthorization, signature: Hex, recovered: boolean): Hex {
  const head = [a.from, a.to, a.value, a.validAfter, a.validBefore, a.nonce] as const
  if (recovered && size(signature) === 65) {
    const { v, r, s } = hexToSignature(signature)
    return encodeFunctionData({
      abi: fiatTokenAbi,
      functionName: 'transferWithAuthorization',
      args: [...head, Number(v), r, s],
    })
  }
  return encodeFunctionData({
    abi: fiatTokenAbi,
    functionName: 'transferWithAuthorization',
    args: [...head, signature],
  })
}

/** A token's revert words (FiatToken's own) and what they mean for the payer. */
const REVERTS: [RegExp, () => ApiError][] = [
  [
    /used or canceled/i,
    () =>
      new AuthorizationUsedError({
        field: 'authorization.nonce',
        shortMessage: 'This authorization was already used or cancelled.',
      }),
  ],
  [
    /invalid signature|signature/i,
    () =>
      new SignatureInvalidError({
        field: 'signature',
        shortMessage: "The signature is not authorization.from's over this authorization.",
      }),
  ],
  [
    /expired|not yet valid/i,
    () =>
      new AuthorizationExpiredError({
        field: 'authorization.validBefore',
        shortMessage: 'The authorization is outside its validity window.',
      }),
  ],
  [
    /exceeds balance/i,
    () =>
      new InsufficientBalanceError({
        field: 'authorization.from',
        shortMessage: 'authorization.from does not hold enough of the token.',
      }),
  ],
]

/**
 * Asks the chain before anything is sent: the authorization's state and the payer's balance (for a
 * clear refusal), then the exact transaction from the relayer (`eth_estimateGas` runs it; a revert
 * is refused in the token's words). Returns the gas it used and the payer's balance it read.
 */
export async function simulateAuthorization(
  client: PublicClient,
  {
    token,
    relayer,
    call,
  }: { token: Address; relayer: Address; call: Pick<RelayCall, 'payer' | 'key' | 'value' | 'data'> },
): Promise<{ gas: bigint; payerBalance: bigint }> {
  const [used, balance, gas] = await Promise.all([
    client.readContract({
      address: token,
      abi: fiatTokenAbi,
      functionName: 'authorizationState',
      args: [call.payer, call.key],
    }),
    client.readContract({ address: token, abi: fiatTokenAbi, functionName: 'balanceOf', args: [call.payer] }),
    client.estimateGas({ account: relayer, to: token, data: call.data }).then(
      (g) => ({ gas: g }),
      (error: unknown) => ({ error }),
    ),
  ])
  if (used) throw REVERTS[0]![1]()
  if (balance < call.value) throw REVERTS[3]![1]()
  if ('error' in gas) {
    const words = gas.error instanceof Error ? gas.error.message : String(gas.error)
    const known = REVERTS.find(([pattern]) => pattern.test(words))
    if (known) throw known[1]()
    throw new SimulationFailedError({
      field: 'signature',
      shortMessage: 'The token refused this transfer when it was tried: nothing was sent.',
      details: words.split('\n')[0],
    })
  }
  return { gas: gas.gas, payerBalance: balance }
}
