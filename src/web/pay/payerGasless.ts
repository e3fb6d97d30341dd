import { useQuery } from '@tanstack/react-query'
import type { Address } from 'viem'
import { query } from '../graphql/apiClient.ts'
import { graphql } from '../graphql/graphql.ts'
import type { PaymentRequestData } from '../requests/requestOperations.ts'

const PayerGaslessQuery = graphql(`
  query PayerGasless($id: String!, $payer: String!, $chainId: Int!) {
    paymentRequest(id: $id) {
      gasless(payer: $payer, chainId: $chainId) {
        available
        reason
        reasonCode
      }
    }
  }
`)

/**
 * Paying without gas as offered to the connected payer on the chain they pay on: on the request's own
 * chain its answer, unless the server refuses this payer for now (a relay of theirs reverted), then
 * with its reason; on another chain it accepts, that chain's answer (its own relayer, funds and
 * bounds), not offered until known.
 */
export function usePayerGasless(request: PaymentRequestData, payer: Address | undefined, chainId: number) {
  const ownChain = chainId === request.chainId
  const forPayer = useQuery({
    queryKey: ['gasless', request.id, payer, chainId],
    queryFn: async () =>
      (await query(PayerGaslessQuery, { id: request.id, payer: payer!, chainId })).paymentRequest?.gasless ?? null,
    enabled: (!ownChain || request.gasless.available) && payer !== undefined,
  })
  if (ownChain) return request.gasless.available && forPayer.data ? forPayer.data : request.gasless
  return forPayer.data ?? { available: false, reason: null, reasonCode: null }
}
