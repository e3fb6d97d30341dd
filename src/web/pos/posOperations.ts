import { graphql } from '../graphql/graphql.ts'

export const TILLS_KEY = ['tills']

const TillFields = graphql(`
  fragment TillFields on Till {
    id
    name
    chainId
    asset
    assetSymbol
    currency
    unit
    decimals
    items {
      name
      price
    }
    tips
    tipsBps
  }
`)

export const MyTillsQuery = graphql(
  `
    query MyTills {
      myTills {
        ...TillFields
      }
    }
  `,
  [TillFields],
)

export const TillQuery = graphql(
  `
    query Till($id: String!) {
      till(id: $id) {
        ...TillFields
      }
    }
  `,
  [TillFields],
)

export const PrepareTillMutation = graphql(`
  mutation PrepareTill($input: TillInput!) {
    prepareTill(input: $input) {
      id
      payee
      delegate
      keyName
      expiresAt
    }
  }
`)

export const CreateTillMutation = graphql(`
  mutation CreateTill($id: String!, $signature: String!) {
    createTill(id: $id, delegationSignature: $signature) {
      id
    }
  }
`)

export const CreateMemberTillMutation = graphql(`
  mutation CreateMemberTill($input: TillInput!) {
    createMemberTill(input: $input) {
      id
    }
  }
`)

export const ChargeSaleMutation = graphql(`
  mutation ChargeSale($id: String!, $input: TillSaleInput!) {
    chargeSale(id: $id, input: $input) {
      id
      total
      paymentUri
      request {
        id
        amountDecimal
        symbol
      }
    }
  }
`)

export const TillCurrentSaleQuery = graphql(`
  query TillCurrentSale($id: String!) {
    tillCurrentSale(id: $id) {
      id
    }
  }
`)

export const TillReportQuery = graphql(`
  query TillReport($id: String!, $from: DateTime!, $to: DateTime!) {
    tillReport(id: $id, from: $from, to: $to) {
      till {
        id
        name
      }
      unit
      assetSymbol
      paidCount
      subtotal
      tips
      total
      received
      tipsReceived
      lines {
        saleId
        requestId
        at
        status
        subtotal
        tip
        total
        received
        tipReceived
      }
    }
  }
`)
