import { useStore } from '@nanostores/react'
import { useQueries } from '@tanstack/react-query'
import { query } from '../graphql/apiClient.ts'
import { graphql } from '../graphql/graphql.ts'
import { createText } from './payeeMessages.ts'

const OpenRequestWithAmountQuery = graphql(`
  query OpenRequestWithAmount($chainId: Int!, $asset: String!, $amount: String!) {
    myOpenRequestWithAmount(chainId: $chainId, asset: $asset, amount: $amount)
  }
`)

/**
 * Warns a payee whose new request asks for the amount of another open one on any chain it accepts: a
 * direct transfer there (from an exchange, or a wallet scanning the QR code) could not tell the two apart.
 */
export function SameAmountWarning({
  enabled,
  chains,
  amount,
}: {
  enabled: boolean
  /** The chains the new request accepts, each with its token there. */
  chains: readonly { chainId: number; asset: string }[]
  amount: string
}) {
  const t = useStore(createText)
  const sameAmount = useQueries({
    queries: chains.map(({ chainId, asset }) => ({
      queryKey: ['open-request-with-amount', String(chainId), asset, amount],
      enabled,
      queryFn: async () =>
        (await query(OpenRequestWithAmountQuery, { chainId, asset, amount })).myOpenRequestWithAmount,
    })),
  })
  if (!enabled || !sameAmount.some((found) => found.data)) return null
  return (
    <p className="notice warning" role="status" data-testid="same-amount-warning">
      {t.sameAmount}
    </p>
  )
}
