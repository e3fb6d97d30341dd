import type { Address } from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'
import { delegationToSign } from '../../domain/delegation.ts'
import { graphql } from './graphqlClient.ts'

const CREATE =
  'mutation Create($name: String!, $scopes: [String!]!, $expiresAt: DateTime) { createApiKey(name: $name, scopes: $scopes, expiresAt: $expiresAt) { secret apiKey { id name scopes delegate delegation { payee delegate keyName expiresAt } } } }'
const AUTHORISE =
  'mutation Authorise($id: String!, $sig: String!) { authoriseApiKey(id: $id, delegationSignature: $sig) { id authorisedAt } }'

type CreatedKey = {
  createApiKey: {
    secret: string
    apiKey: {
      id: string
      name: string
      scopes: string[]
      delegate: Address
      delegation: { payee: Address; delegate: Address; keyName: string; expiresAt: string }
    }
  }
}

/**
 * An API key made as the web app makes it: created (the secret comes back once), then its
 * delegation signed by `signer` (the payee, unless a test forges; none with `authorise: false`) and
 * sent. `errors` are the first step's that failed.
 */
export async function createApiKey(
  url: string,
  cookie: string,
  payee: PrivateKeyAccount,
  {
    name = 'Shop server',
    scopes = ['requests:read', 'requests:write', 'webhooks:manage'],
    expiresAt,
    signer = payee,
    authorise = true,
  }: { name?: string; scopes?: string[]; expiresAt?: string; signer?: PrivateKeyAccount; authorise?: boolean } = {},
) {
  const created = await graphql<CreatedKey>(url, CREATE, { variables: { name, scopes, expiresAt }, cookie })
  if (!created.data || !authorise) return created
  const { apiKey } = created.data.createApiKey
  const { delegation } = apiKey
  const signature = await signer.signTypedData(delegationToSign(delegation))
  const authorised = await graphql(url, AUTHORISE, { variables: { id: apiKey.id, sig: signature }, cookie })
  return { ...created, errors: authorised.errors }
}

/** A call of the REST API with a key, as a merchant's server makes it. */
export async function rest(
  url: string,
  path: string,
  {
    method = 'GET',
    secret,
    body,
    headers = {},
  }: { method?: string; secret?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const response = await fetch(`${url}/api/v1${path}`, {
    method,
    headers: {
      ...(secret ? { authorization: `Bearer ${secret}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  })
  const text = await response.text()
  return {
    status: response.status,
    headers: response.headers, // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test reads whatever JSON came back
    body: text ? (JSON.parse(text) as Record<string, any>) : undefined,
  }
}

export const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString()

const PREPARE_LINK =
  'mutation($input: PaymentLinkInput!) { preparePaymentLink(input: $input) { id payee delegate keyName expiresAt } }'
const CREATE_LINK =
  'mutation($id: String!, $sig: String!) { createPaymentLink(id: $id, delegationSignature: $sig) { id title } }'

/** A payment link made as the web app makes it: prepared, its delegation signed by the payee, created. */
export async function createPaymentLink(
  url: string,
  cookie: string,
  payee: PrivateKeyAccount,
  input: Record<string, unknown>,
) {
  const prepared = await graphql<{
    preparePaymentLink: { id: string; payee: Address; delegate: Address; keyName: string; expiresAt: string }
  }>(url, PREPARE_LINK, { variables: { input }, cookie })
  if (!prepared.data) return { errors: prepared.errors, id: undefined }
  const pending = prepared.data.preparePaymentLink
  const signature = await payee.signTypedData(delegationToSign(pending))
  const created = await graphql<{ createPaymentLink: { id: string } }>(url, CREATE_LINK, {
    variables: { id: pending.id, sig: signature },
    cookie,
  })
  return { errors: created.errors, id: created.data?.createPaymentLink.id }
}
