import { decodeFunctionData, type Hex } from 'viem'
import { fiatTokenAbi } from '../../../chain/fiatTokenAbi.ts'
import { referenceOfAuthorizationNonce } from '../../../domain/transferReference.ts'
import type { PaymentMethod, RelayCall, RelayedMethod } from '../paymentMethod.ts'
import { checkAuthorization, type AuthorizationInput } from './checkAuthorization.ts'
import { relayCalldata, simulateAuthorization } from './simulateAuthorization.ts'

/**
 * ERC-3009 (Circle's FiatToken: USDC, EURC): the payer signs a `TransferWithAuthorization` to the
 * payee, and the payee's relayer sends `transferWithAuthorization`, paying the fee. The watcher reads
 * the token's `AuthorizationUsed` log beside the transfer: its nonce carries the reference, whoever
 * submitted it.
 */
export const erc3009 = {
  id: 'erc3009',
  payer: { action: 'signature', sends: 'an EIP-712 TransferWithAuthorization to the payee, for what is still due' },
  watcher: { reads: ['transfer-logs', 'authorization-logs'] },
  relay: {
    name: 'transfer by signature (ERC-3009)',
    fields: { payer: 'authorization.from', validBefore: 'authorization.validBefore' },
    // FiatToken v2.2's with a fresh nonce and a recipient that held some already.
    gasEstimate: 90_000n,
    async check(request, token, { input, signature, chainTokens }, rules): Promise<RelayCall> {
      const others = chainTokens.filter((t) => t.address !== token.address && t.methods.includes('erc3009'))
      const checked = await checkAuthorization(request, token, input, signature, others, rules)
      const { authorization: a } = checked
      return {
        payer: a.from,
        key: a.nonce,
        value: a.value,
        validBefore: a.validBefore,
        target: token.address,
        data: relayCalldata(a, checked.signature, checked.recovered),
        payload: {
          from: a.from,
          to: a.to,
          value: String(a.value),
          validAfter: String(a.validAfter),
          validBefore: String(a.validBefore),
          nonce: a.nonce,
        },
      }
    },
    referenceOfKey: referenceOfAuthorizationNonce,
    simulate: (client, call, { token, relayer }) => simulateAuthorization(client, { token, relayer, call }),
    keyUsed: (client, { token, payer, key }, blockNumber) =>
      client.readContract({
        address: token,
        abi: fiatTokenAbi,
        functionName: 'authorizationState',
        args: [payer, key],
        blockNumber,
      }),
    valueOf: (data: Hex) => decodeFunctionData({ abi: fiatTokenAbi, data }).args[2] as bigint,
  },
} satisfies PaymentMethod<AuthorizationInput> & { relay: RelayedMethod<AuthorizationInput> }
