import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'

// Anvil's first two well-known dev keys.
export const alice = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
export const bob = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')

export type GraphqlResponse<T = Record<string, unknown>> = {
  status: number
  headers: Headers
  data?: T
  errors?: { message: string; extensions?: { code?: string; field?: string; requestId?: string } }[]
}

/** POSTs one GraphQL operation to a running server, as any HTTP client would. */
export async function graphql<T = Record<string, unknown>>(
  url: string,
  query: string,
  {
    variables,
    cookie,
    operationName,
  }: { variables?: Record<string, unknown>; cookie?: string; operationName?: string } = {},
): Promise<GraphqlResponse<T>> {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ query, variables, operationName }),
  })
  const body = (await response.json()) as { data?: T; errors?: GraphqlResponse['errors'] }
  return { status: response.status, headers: response.headers, data: body.data ?? undefined, errors: body.errors }
}

export const codes = (response: GraphqlResponse) => response.errors?.map((e) => e.extensions?.code)

/** The `name=value` part of a Set-Cookie header, to send back as a Cookie header. */
export function cookieFrom(response: GraphqlResponse): string {
  const header = response.headers.getSetCookie()[0]
  if (!header) throw new Error('no Set-Cookie header')
  return header.split(';')[0]!
}

/** A fresh nonce and a Sign-In with Ethereum message for the app at `url`, as the web app builds it. */
export async function signInMessage(
  url: string,
  account: PrivateKeyAccount,
  overrides: Partial<Parameters<typeof createSiweMessage>[0]> = {},
) {
  const response = await graphql<{ nonce: { nonce: string } }>(url, 'mutation { nonce { nonce expiresAt } }')
  const origin = new URL(url)
  return createSiweMessage({
    domain: origin.host,
    address: account.address,
    uri: origin.origin,
    version: '1',
    chainId: 31337,
    nonce: response.data!.nonce.nonce,
    issuedAt: new Date(),
    statement: 'Sign in to Billfold.',
    ...overrides,
  })
}

export const SIGN_IN =
  'mutation SignIn($message: String!, $signature: String!) { signIn(message: $message, signature: $signature) { address chainId expiresAt } }'

export async function signIn(url: string, account: PrivateKeyAccount) {
  const message = await signInMessage(url, account)
  const response = await graphql(url, SIGN_IN, {
    variables: { message, signature: await account.signMessage({ message }) },
  })
  return { response, cookie: cookieFrom(response) }
}

/** One client's `count` small GraphQL queries, one after another, the i-th to `urlOf(i)`: the HTTP statuses. */
export async function queryStatuses(urlOf: (i: number) => string, count: number): Promise<number[]> {
  const statuses: number[] = []
  for (let i = 0; i < count; i++) {
    const response = await fetch(`${urlOf(i)}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ me { address } }' }),
    })
    statuses.push(response.status)
    await response.arrayBuffer()
  }
  return statuses
}
