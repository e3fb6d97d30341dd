import type { QueryClient } from '@tanstack/react-query'
import { query } from '../graphql/apiClient.ts'
import { graphql, type ResultOf } from '../graphql/graphql.ts'
import { requestIdOfPage } from '../routeLookup.ts'

export const PaymentRequestFields = graphql(`
  fragment PaymentRequestFields on PaymentRequest {
    id
    chainId
    asset
    symbol
    decimals
    amount
    amountDecimal
    received
    receivedDecimal
    refunded
    refundedDecimal
    refundStatus
    refunds {
      id
      to
      amount
      amountDecimal
      state
      createdAt
      transfers {
        txHash
        logIndex
        to
        amountDecimal
        blockTime
      }
    }
    payee
    payer
    memo
    dueAt
    reference
    signature
    status
    createdAt
    paidAt
    paidLate
    cancelledAt
    payments {
      txHash
      logIndex
      from
      amount
      amountDecimal
      symbol
      bookValue {
        currency
        value
      }
      blockNumber
      blockTime
      confirmations
      matchedBy
    }
    directPayment {
      available
      reason
      due
      dueDecimal
    }
    gasless {
      available
      reason
    }
    relay {
      state
      reason
    }
    payeeProfile {
      displayName
      website
    }
    redirectUrl
    issuer {
      keyName
      delegate
      delegationSignature
      delegationExpiresAt
      authorisedAt
      revokedAt
      linkTitle
    }
    invoice {
      number
      document
      documentHash
      pdfPath
      creditNotes {
        id
        number
        kind
        total
        pdfPath
      }
    }
    pricedRequestId
    price {
      currency
      amount
      amountDecimal
    }
    toleranceBps
    acceptedAssets {
      address
      symbol
      decimals
    }
    quote {
      pricedRequestId
      reference
      paymentReference
      currency
      currencyDecimals
      price
      priceDecimal
      asset
      symbol
      decimals
      amount
      amountDecimal
      tokenFeed
      tokenRound
      tokenAnswer
      tokenFeedDecimals
      tokenUpdatedAt
      currencyFeed
      currencyRound
      currencyAnswer
      currencyFeedDecimals
      currencyUpdatedAt
      expiresAt
      signature
    }
    pricedPayments {
      txHash
      amountDecimal
      symbol
      valueDecimal
      valuedAt
    }
  }
`)

export const PaymentRequestQuery = graphql(
  `
    query PaymentRequest($id: String!) {
      paymentRequest(id: $id) {
        ...PaymentRequestFields
      }
    }
  `,
  [PaymentRequestFields],
)

export type PaymentRequestData = NonNullable<ResultOf<typeof PaymentRequestQuery>['paymentRequest']>

export const requestKey = (id: string) => ['paymentRequest', id] as const

/** One request, public: the pay page, the receipt and the payee's request page read it. */
export const paymentRequestQuery = (id: string) => ({
  queryKey: requestKey(id),
  queryFn: async () => (await query(PaymentRequestQuery, { id })).paymentRequest as PaymentRequestData,
  retry: false,
  // Kept fresh by the page's live updates; a page mounting just after the prefetch below reuses it.
  staleTime: 5_000,
})

/**
 * A page about one request starts fetching it as the app starts, beside the page's code rather
 * than after it has loaded and rendered: on a phone that is a round trip sooner.
 */
export function prefetchRequestOfPage(client: QueryClient, path: string) {
  const id = requestIdOfPage(path)
  if (id) void client.prefetchQuery(paymentRequestQuery(id))
}
