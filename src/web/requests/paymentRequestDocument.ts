import { createRequest, makeOperation, type OperationContext } from '@urql/core'
import { makeFetchBody, makeFetchURL } from '@urql/core/internal'
import { API_URL } from '../graphql/apiUrl.ts'
import { graphql, type ResultOf } from '../graphql/graphql.ts'

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
      transaction {
        chainId
        to
        value
        data
      }
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
      chainId
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
      chains {
        chainId
        asset
        available
      }
    }
    gasless {
      available
      reason
      reasonCode
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
    receivedByChain {
      chainId
      asset
      symbol
      receivedDecimal
      payments
    }
    acceptedChains {
      chainId
      asset
    }
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

// Always a GET, whatever its length: the server names that very URL in the page's HTML (see below).
export const byGet = { preferGetMethod: 'force' } as const

/**
 * The URL the app fetches a request from. The build writes it, with a placeholder id, for the
 * server, which has the browser fetch it with the HTML (`<link rel="preload" as="fetch">`): the
 * request's data is then on its way while the app's code still loads, a round trip on a phone.
 * Made by the same urql functions that make the app's fetch, so the two cannot differ.
 */
export function paymentRequestUrl(id: string): string {
  const request = createRequest(PaymentRequestQuery, { id })
  return makeFetchURL(
    makeOperation('query', request, { url: API_URL, ...byGet } as OperationContext),
    makeFetchBody(request),
  )
}
