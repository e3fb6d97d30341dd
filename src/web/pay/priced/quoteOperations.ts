import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useLocation } from 'wouter'
import { mutate } from '../../graphql/apiClient.ts'
import { graphql } from '../../graphql/graphql.ts'
import { PaymentRequestFields, requestKey, type PaymentRequestData } from '../../requests/requestOperations.ts'

const QuoteMutation = graphql(
  `
    mutation QuotePaymentRequest($id: String!, $asset: String!) {
      quotePaymentRequest(id: $id, asset: $asset) {
        ...PaymentRequestFields
      }
    }
  `,
  [PaymentRequestFields],
)

/** Asks for a quote of a priced request in one token and opens it: the quote's own pay page. */
export function useQuote(pricedRequestId: string) {
  const client = useQueryClient()
  const [, navigate] = useLocation()
  return useMutation({
    mutationFn: async (asset: string) =>
      (await mutate(QuoteMutation, { id: pricedRequestId, asset })).quotePaymentRequest as PaymentRequestData,
    onSuccess: (quoted) => {
      client.setQueryData(requestKey(quoted.id), quoted)
      navigate(`/pay/${quoted.id}`)
    },
  })
}
