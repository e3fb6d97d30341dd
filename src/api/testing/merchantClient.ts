import type { Address } from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'
import { delegationTypedData } from '../../domain/delegation.ts'
import { graphql } from './graphqlClient.ts'

const PREPARE = 'mutation Prepare($name: String!, $scopes: [String!]!, $expiresAt: DateTime) { prepareApiKey(name: $name, scopes: $scopes, expiresAt: $expiresAt) { id payee delegate keyName expiresAt } }'
const CREATE = 'mutation Create($id: String!, $sig: String!) { createApiKey(id: $id, delegationSignature: $sig) { secret apiKey { id name scopes delegate } } }'

/**
 * An API key made as the web app makes it: prepared, its delegation signed by `signer` (the payee,
 * unless a test forges), then created. Returns the secret (shown once) and the key.
 */
export async function createApiKey(
  url: string,
  cookie: string,
  payee: PrivateKeyAccount,
  { name = 'Shop server', scopes = ['requests:read', 'requests:write', 'webhooks:manage'], expiresAt, signer = payee }: { name?: string; scopes?: string[]; expiresAt?: string; signer?: PrivateKeyAccount } = {},
) {
  const prepared = await graphql<{ prepareApiKey: { id: string; payee: Address; delegate: Address; keyName: string; expiresAt: string } }>(url, PREPARE, {
    variables: { name, scopes, expiresAt },
    cookie,
  })
  if (!prepared.data) throw new Error(`prepareApiKey failed: ${JSON.stringify(prepared.errors)}`)
  const pending = prepared.data.prepareApiKey
  const signature = await signer.signTypedData(delegationTypedData({ payee: payee.address, delegate: pending.delegate, keyName: pending.keyName, expiresAt: new Date(pending.expiresAt) }))
  const created = await graphql<{ createApiKey: { secret: string; apiKey: { id: string; name: string; scopes: string[]; delegate: Address } } }>(url, CREATE, {
    variables: { id: pending.id, sig: signature },
    cookie,
  })
  return { ...created, pending }
}

/** A call of the REST API with a key, as a merchant's server makes it. */
export async function rest(url: string, path: string, { method = 'GET', secret, body, headers = {} }: { method?: string; secret?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const response = await fetch(`${url}/api/v1${path}`, {
    method,
    headers: { ...(secret ? { authorization: `Bearer ${secret}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  })
  const text = await response.text()
  return { status: response.status, headers: response.headers, // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test reads whatever JSON came back
    body: text ? (JSON.parse(text) as Record<string, any>) : undefined }
}

export const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString()

const PREPARE_LINK =
  'mutation($input: PaymentLinkInput!) { preparePaymentLink(input: $input) { id payee delegate keyName expiresAt } }'
const CREATE_LINK = 'mutation($id: String!, $sig: String!) { createPaymentLink(id: $id, delegationSignature: $sig) { id title } }'

/** A payment link made as the web app makes it: prepared, its delegation signed by the payee, created. */
export async function createPaymentLink(url: string, cookie: string, payee: PrivateKeyAccount, input: Record<string, unknown>) {
  const prepared = await graphql<{ preparePaymentLink: { id: string; payee: Address; delegate: Address; keyName: string; expiresAt: string } }>(url, PREPARE_LINK, { variables: { input }, cookie })
  if (!prepared.data) return { errors: prepared.errors, id: undefined }
  const pending = prepared.data.preparePaymentLink
  const signature = await payee.signTypedData(delegationTypedData({ payee: payee.address, delegate: pending.delegate, keyName: pending.keyName, expiresAt: new Date(pending.expiresAt) }))
  const created = await graphql<{ createPaymentLink: { id: string } }>(url, CREATE_LINK, { variables: { id: pending.id, sig: signature }, cookie })
  return { errors: created.errors, id: created.data?.createPaymentLink.id }
}
