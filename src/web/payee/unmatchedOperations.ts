import { graphql, type ResultOf } from '../graphql/graphql.ts'

/** The payee's transfers that paid no request by themselves, and what can be done with each. */
export const UnmatchedQuery = graphql(`
  query Unmatched($dismissed: Boolean, $first: Int, $after: String) {
    myUnmatchedTransfers(first: $first, after: $after, dismissed: $dismissed) {
      total
      nextCursor
      items {
        id
        chainId
        asset
        symbol
        amount
        amountDecimal
        from
        txHash
        blockTime
        dismissedAt
      }
    }
  }
`)
export const DismissMutation = graphql(`
  mutation Dismiss($transferId: String!) {
    dismissUnmatchedTransfer(transferId: $transferId) {
      id
    }
  }
`)
export const RestoreMutation = graphql(`
  mutation Restore($transferId: String!) {
    restoreUnmatchedTransfer(transferId: $transferId) {
      id
    }
  }
`)

export type Transfer = ResultOf<typeof UnmatchedQuery>['myUnmatchedTransfers']['items'][number]
