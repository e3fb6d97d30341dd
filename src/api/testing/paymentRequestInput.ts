import type { PrivateKeyAccount } from 'viem/accounts'
import { DEV_USDC_ADDRESS } from '../../chain/tokens.ts'
import { parseAmount } from '../../domain/amount.ts'
import { newPaymentReference } from '../../domain/paymentReference.ts'
import { paymentRequestTypedData } from '../../domain/paymentRequest.ts'
import { graphql } from './graphqlClient.ts'

const inAWeek = () => new Date(Math.floor(Date.now() / 1000 + 7 * 24 * 3600) * 1000).toISOString()

/**
 * The createPaymentRequest input the web app sends for `payee`: the terms, signed as EIP-712 data by
 * `signer` (the payee, unless a test forges) over the terms with `signedOverrides` applied.
 */
export async function signedRequestInput(
  payee: PrivateKeyAccount,
  overrides: Record<string, unknown> = {},
  {
    signer = payee,
    signedOverrides = {},
  }: { signer?: PrivateKeyAccount; signedOverrides?: Record<string, unknown> } = {},
) {
  const input = {
    chainId: 31337,
    asset: DEV_USDC_ADDRESS,
    amount: '12.5',
    payer: null as string | null,
    memo: 'Invoice 42',
    dueAt: inAWeek(),
    reference: newPaymentReference(),
    ...overrides,
  }
  const signed = { ...input, ...signedOverrides }
  const typedData = paymentRequestTypedData({
    chainId: signed.chainId,
    asset: signed.asset as `0x${string}`,
    amount: parseAmount(String(signed.amount), (signed.asset as string) === 'native' ? 18 : 6),
    payee: payee.address,
    payer: signed.payer as `0x${string}` | null,
    memo: signed.memo,
    dueAt: new Date(signed.dueAt),
    reference: signed.reference as `0x${string}`,
  })
  return { ...input, signature: await signer.signTypedData(typedData) }
}

const CREATE =
  'mutation Create($input: CreatePaymentRequestInput!) { createPaymentRequest(input: $input) { id reference } }'

/** Creates a request through the API as the signed-in `payee` (whose session `cookie` is). */
export async function createRequest(
  url: string,
  cookie: string,
  payee: PrivateKeyAccount,
  overrides: Record<string, unknown> = {},
) {
  const response = await graphql<{ createPaymentRequest: { id: string; reference: `0x${string}` } }>(url, CREATE, {
    variables: { input: await signedRequestInput(payee, overrides) },
    cookie,
  })
  if (!response.data) throw new Error(`createPaymentRequest failed: ${JSON.stringify(response.errors)}`)
  return response.data.createPaymentRequest
}
