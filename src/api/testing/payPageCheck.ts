import { print } from 'graphql'
import { createClient, http } from 'viem'
import { devChain } from '../../chain/chains.ts'
import { PaymentRequestQuery, type PaymentRequestData } from '../../web/requests/paymentRequestDocument.ts'
import { verifyRequestSignature } from '../../web/pay/signature/verifyRequestSignature.ts'
import { graphql } from './graphqlClient.ts'

/** The pay page's own check of the payee's authority, on request `id` as the pay page fetches it. */
export async function payPageCheck(url: string, anvilUrl: string, id: string) {
  const served = await graphql<{ paymentRequest: PaymentRequestData }>(url, print(PaymentRequestQuery), {
    variables: { id },
  })
  const request = served.data!.paymentRequest
  const client = createClient({ chain: devChain(anvilUrl), transport: http(anvilUrl) })
  return { request, verified: await verifyRequestSignature(client, request) }
}
