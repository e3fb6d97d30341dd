import { parseUnits, type Address } from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'
import { fiatCurrency } from '../../domain/currencies.ts'
import { delegationToSign } from '../../domain/delegation.ts'
import { newPaymentReference } from '../../domain/paymentReference.ts'
import { pricedRequestTypedData } from '../../domain/pricedRequest.ts'
import { graphql } from './graphqlClient.ts'

const PREPARE = 'mutation { prepareQuoteKey { id authorisedAt delegation { payee delegate keyName expiresAt } } }'
const AUTHORISE =
  'mutation Authorise($id: String!, $sig: String!) { authoriseApiKey(id: $id, delegationSignature: $sig) { id authorisedAt } }'
const CREATE =
  'mutation Create($input: CreatePricedPaymentRequestInput!) { createPricedPaymentRequest(input: $input) { id reference status amount symbol decimals price { currency amount amountDecimal } acceptedAssets { address symbol } toleranceBps } }'

/** Authorises the payee's quote key as the web app does the first time: prepared, its delegation signed by the wallet. */
export async function authoriseQuoteKey(url: string, cookie: string, payee: PrivateKeyAccount) {
  const prepared = await graphql<{
    prepareQuoteKey: {
      id: string
      authorisedAt: string | null
      delegation: { payee: Address; delegate: Address; keyName: string; expiresAt: string }
    }
  }>(url, PREPARE, { cookie })
  const key = prepared.data!.prepareQuoteKey
  if (key.authorisedAt) return key
  const signature = await payee.signTypedData(delegationToSign(key.delegation))
  const authorised = await graphql(url, AUTHORISE, { variables: { id: key.id, sig: signature }, cookie })
  if (authorised.errors) throw new Error(authorised.errors[0]!.message)
  return key
}

export type PricedInput = {
  chainId: number
  currency: string
  price: string
  acceptedAssets: string[]
  tolerance: string
  payer: string | null
  memo: string
  dueAt: string
  reference: `0x${string}`
}

/** The createPricedPaymentRequest input the web app sends, signed by `signer` (the payee unless a test forges). */
export async function signedPricedInput(
  payee: PrivateKeyAccount,
  overrides: Partial<PricedInput> = {},
  { signer = payee }: { signer?: PrivateKeyAccount } = {},
) {
  const input: PricedInput = {
    chainId: 31337,
    currency: 'EUR',
    price: '1500.00',
    acceptedAssets: [],
    tolerance: '',
    payer: null,
    memo: 'Website, October',
    dueAt: new Date(Math.floor(Date.now() / 1000 + 7 * 86_400) * 1000).toISOString(),
    reference: newPaymentReference(),
    ...overrides,
  }
  const currency = fiatCurrency(input.currency)
  const signature = await signer.signTypedData(
    pricedRequestTypedData({
      chainId: input.chainId,
      currency: input.currency,
      price: currency ? parseUnits(input.price, currency.minorDigits) : 0n,
      acceptedAssets: input.acceptedAssets as Address[],
      toleranceBps: input.tolerance ? Number(parseUnits(input.tolerance, 2)) : 0,
      payee: payee.address,
      payer: input.payer as Address | null,
      memo: input.memo,
      dueAt: new Date(input.dueAt),
      reference: input.reference,
    }),
  )
  return { ...input, signature }
}

export type CreatedPriced = {
  id: string
  reference: string
  status: string
  amount: string
  price: { currency: string; amount: string; amountDecimal: string }
  acceptedAssets: { address: string; symbol: string }[]
  toleranceBps: number
}

/** Creates a priced request as the signed-in payee. */
export const createPricedRequest = (url: string, cookie: string, input: Record<string, unknown>) =>
  graphql<{ createPricedPaymentRequest: CreatedPriced }>(url, CREATE, { variables: { input }, cookie })

const QUOTE = `mutation Quote($id: String!, $asset: String!) {
  quotePaymentRequest(id: $id, asset: $asset) {
    id reference asset symbol amount amountDecimal dueAt pricedRequestId
    quote { price priceDecimal currency amount tokenRound tokenAnswer currencyRound currencyAnswer expiresAt signature }
  }
}`
const GET = `query Get($id: String!) {
  paymentRequest(id: $id) {
    status amount received receivedDecimal price { amountDecimal }
    pricedPayments { amount amountDecimal symbol value valueDecimal valuedAt }
  }
}`

type Quoted = {
  id: string
  reference: `0x${string}`
  asset: string
  amount: string
  quote: { price: string; amount: string; tokenRound: string; expiresAt: string }
}
type Got = {
  status: string
  received: string
  receivedDecimal: string
  pricedPayments: { amount: string; symbol: string; value: string | null; valuedAt: string | null }[]
}

/** Asks for a quote of a priced request in a token, as the pay page does. */
export const quoteOf = (url: string, id: string, asset: string) =>
  graphql<{ quotePaymentRequest: Quoted }>(url, QUOTE, { variables: { id, asset } })

/** A priced request as the pay page reads it: status, what was received and each payment's value. */
export const readPriced = async (url: string, id: string) =>
  (await graphql<{ paymentRequest: Got }>(url, GET, { variables: { id } })).data!.paymentRequest
