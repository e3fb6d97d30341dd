import { graphql } from '../../graphql/graphql.ts'

export const PAYOUTS_KEY = ['payouts'] as const
export const payoutKey = (id: string) => ['payout', id] as const

const PayoutLineFields = graphql(`
  fragment PayoutLineFields on PayoutLine {
    id
    line
    to
    symbol
    amount
    amountDecimal
    note
    paid
    txHash
    blockTime
    call {
      to
      value
      data
    }
  }
`)

export const MyPayoutsQuery = graphql(
  `
    query MyPayouts {
      myPayouts {
        id
        chainId
        createdAt
        lines {
          ...PayoutLineFields
        }
      }
    }
  `,
  [PayoutLineFields],
)

export const PayoutQuery = graphql(
  `
    query Payout($id: String!) {
      payout(id: $id) {
        id
        chainId
        createdAt
        csv
        lines {
          ...PayoutLineFields
        }
      }
    }
  `,
  [PayoutLineFields],
)

export const PreparePayoutMutation = graphql(
  `
    mutation PreparePayout($chainId: Int!, $lines: [PayoutLineInput!]) {
      preparePayout(chainId: $chainId, lines: $lines) {
        id
        chainId
        lines {
          ...PayoutLineFields
        }
      }
    }
  `,
  [PayoutLineFields],
)
