import { graphql, type ResultOf } from '../graphql/graphql.ts'

/** Only what the dashboard's table shows: a page costs one query for its requests and one for their payments. */
export const DashboardQuery = graphql(`
  query Dashboard($filter: PaymentRequestFilter, $first: Int, $after: String) {
    myPaymentRequests(filter: $filter, first: $first, after: $after) {
      items {
        id
        status
        refundStatus
        paidLate
        amount
        amountDecimal
        received
        receivedDecimal
        symbol
        payer
        payments {
          from
        }
        createdAt
        dueAt
        memo
      }
      nextCursor
    }
  }
`)

/** One day's receipts in one asset (or in the books' currency), as the chart draws them. */
const DailyReceivedFields = graphql(`
  fragment DailyReceivedFields on DailyReceived {
    day
    total {
      chainId
      asset
      symbol
      decimals
      received
      receivedDecimal
    }
  }
`)

export const ReceivedQuery = graphql(
  `
    query Received($filter: PaymentRequestFilter) {
      myReceivedInBooks(filter: $filter) {
        currency
        total
        payments
        unvalued
      }
      myReceivedTotals(filter: $filter) {
        chainId
        asset
        symbol
        decimals
        received
        receivedDecimal
        payments
      }
      myReceivedInBooksByDay(filter: $filter) {
        ...DailyReceivedFields
      }
      myReceivedByDay(filter: $filter) {
        ...DailyReceivedFields
      }
      myOutstandingTotals(filter: $filter) {
        chainId
        asset
        symbol
        outstandingDecimal
        requests
      }
    }
  `,
  [DailyReceivedFields],
)

/** What the dashboard's totals and chart show. */
export type Received = ResultOf<typeof ReceivedQuery>
