import type { Address } from 'viem'

/** What an API key may do: read requests, make and cancel them, manage webhook endpoints, sell at tills and read their day, set tills up. */
export const API_KEY_SCOPES = [
  'requests:read',
  'requests:write',
  'webhooks:manage',
  'x402:settle',
  'sales:write',
  'sales:read',
  'tills:manage',
] as const
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number]

/** How long a delegation lasts unless the payee chooses: a year, then the key stops making requests. */
export const DEFAULT_DELEGATION_DAYS = 365
/** The longest a payee's signed delegation may last. */
export const MAX_DELEGATION_DAYS = 5 * 365

export const delegationTypes = {
  Delegation: [
    { name: 'payee', type: 'address' },
    { name: 'delegate', type: 'address' },
    { name: 'keyName', type: 'string' },
    { name: 'expiresAt', type: 'uint64' },
  ],
} as const

export type DelegationTerms = { payee: Address; delegate: Address; keyName: string; expiresAt: Date }

/**
 * The EIP-712 data a payee's wallet signs once per API key: "`delegate` may sign payment requests
 * for me, as `keyName`, until `expiresAt`". No chain id: one delegation covers the payee's requests
 * on every chain, and wallets show it whichever network they are on.
 */
export function delegationTypedData(terms: DelegationTerms) {
  return {
    domain: { name: 'Billfold', version: '1' },
    types: delegationTypes,
    primaryType: 'Delegation' as const,
    message: {
      payee: terms.payee,
      delegate: terms.delegate,
      keyName: terms.keyName,
      expiresAt: BigInt(Math.floor(terms.expiresAt.getTime() / 1000)),
    },
  }
}

/** The same, from a delegation as the API hands it out to be signed (`DelegationToSign`: strings, the expiry in ISO-8601). */
export const delegationToSign = (d: { payee: string; delegate: string; keyName: string; expiresAt: string }) =>
  delegationTypedData({
    payee: d.payee as Address,
    delegate: d.delegate as Address,
    keyName: d.keyName,
    expiresAt: new Date(d.expiresAt),
  })
