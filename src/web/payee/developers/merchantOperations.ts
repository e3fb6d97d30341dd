import { graphql } from '../../graphql/graphql.ts'

const ApiKeyFields = graphql(`
  fragment ApiKeyFields on ApiKey {
    id
    name
    scopes
    secretPrefix
    delegate
    delegationExpiresAt
    authorisedAt
    createdAt
    lastUsedAt
    revokedAt
    delegation {
      payee
      delegate
      keyName
      expiresAt
    }
  }
`)
export const MyApiKeysQuery = graphql(
  `
    query MyApiKeys {
      myApiKeys {
        ...ApiKeyFields
      }
    }
  `,
  [ApiKeyFields],
)
export const CreateApiKeyMutation = graphql(
  `
    mutation CreateApiKey($name: String!, $scopes: [String!]!, $expiresAt: DateTime) {
      createApiKey(name: $name, scopes: $scopes, expiresAt: $expiresAt) {
        secret
        apiKey {
          ...ApiKeyFields
        }
      }
    }
  `,
  [ApiKeyFields],
)
export const AuthoriseApiKeyMutation = graphql(`
  mutation AuthoriseApiKey($id: String!, $signature: String!) {
    authoriseApiKey(id: $id, delegationSignature: $signature) {
      id
      authorisedAt
    }
  }
`)
export const RevokeApiKeyMutation = graphql(`
  mutation RevokeApiKey($id: String!) {
    revokeApiKey(id: $id) {
      id
      revokedAt
    }
  }
`)

export const MyWebhookEndpointsQuery = graphql(`
  query MyWebhookEndpoints {
    webhookEventTypes
    myWebhookEndpoints {
      id
      url
      events
      createdAt
      disabledAt
      deliveries(first: 20) {
        id
        eventId
        eventType
        status
        attempts
        nextAttemptAt
        deliveredAt
        createdAt
        attemptLog {
          attemptedAt
          statusCode
          durationMs
          responseExcerpt
          error
        }
      }
    }
  }
`)
export const CreateWebhookEndpointMutation = graphql(`
  mutation CreateWebhookEndpoint($url: String!, $events: [String!]!) {
    createWebhookEndpoint(url: $url, events: $events) {
      secret
      endpoint {
        id
      }
    }
  }
`)
export const DisableWebhookEndpointMutation = graphql(`
  mutation DisableWebhookEndpoint($id: String!) {
    disableWebhookEndpoint(id: $id) {
      id
      disabledAt
    }
  }
`)
export const SendTestWebhookMutation = graphql(`
  mutation SendTestWebhook($id: String!) {
    sendTestWebhookEvent(endpointId: $id) {
      id
    }
  }
`)
export const RedeliverWebhookMutation = graphql(`
  mutation RedeliverWebhook($id: String!) {
    redeliverWebhook(deliveryId: $id) {
      id
    }
  }
`)

export const MyPaymentLinksQuery = graphql(`
  query MyPaymentLinks {
    myPaymentLinks {
      id
      title
      chainId
      symbol
      amount
      minAmount
      maxAmount
      memo
      received
      paidRequests
      disabledAt
    }
  }
`)
export const PreparePaymentLinkMutation = graphql(`
  mutation PreparePaymentLink($input: PaymentLinkInput!) {
    preparePaymentLink(input: $input) {
      id
      payee
      delegate
      keyName
      expiresAt
    }
  }
`)
export const CreatePaymentLinkMutation = graphql(`
  mutation CreatePaymentLink($id: String!, $signature: String!) {
    createPaymentLink(id: $id, delegationSignature: $signature) {
      id
    }
  }
`)
export const DisablePaymentLinkMutation = graphql(`
  mutation DisablePaymentLink($id: String!) {
    disablePaymentLink(id: $id) {
      id
    }
  }
`)

/** The query key of the payee's links, refreshed after each change. */
export const LINKS_KEY = ['my-payment-links']
