import { useQuery } from '@tanstack/react-query'
import type { Address } from 'viem'
import { query } from '../graphql/apiClient.ts'
import { graphql } from '../graphql/graphql.ts'
import type { PaymentRequestData } from '../requests/requestOperations.ts'

const PayerGaslessQuery = graphql(`
  query PayerGasless($id: String!, $payer: String!) {
    paymentRequest(id: $id) {
      gasless(payer: $payer) {
        available
        reason
      }
    }
  }
`)

/**
 * Paying without gas as offered to the connected payer: the request's own answer, unless the server
 * refuses this payer for now (a relay of theirs reverted), then with its reason.
 */
export function usePayerGasless(request: PaymentRequestData, payer: Address | undefined) {
  const forPayer = useQuery({
    queryKey: ['gasless', request.id, payer],
    queryFn: async () =>
      (await query(PayerGaslessQuery, { id: request.id, payer: payer! })).paymentRequest?.gasless ?? null,
    enabled: request.gasless.available && payer !== undefined,
  })
  return request.gasless.available && forPayer.data ? forPayer.data : request.gasless
}
