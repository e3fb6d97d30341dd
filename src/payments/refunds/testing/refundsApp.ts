import type { Hex } from 'viem'
import { afterAll, beforeAll, expect, inject } from 'vitest'
import { freePort } from '../../../../testing/freePort.ts'
import { createFreshDatabase } from '../../../../testing/postgresServer.ts'
import { startTestApp, type TestApp } from '../../../../testing/startTestApp.ts'
import { startTestChain } from '../../../../testing/testChain.ts'
import { startWebhookReceiver } from '../../../../testing/webhookReceiver.ts'
import { alice, graphql } from '../../../api/testing/graphqlClient.ts'
import { createRequest } from '../../../api/testing/paymentRequestInput.ts'
import type { AnvilNode } from '../../../chain/devnet/startAnvil.ts'
import { DEV_USDC_ADDRESS } from '../../../chain/tokens.ts'
import { NATIVE_ASSET } from '../../../domain/paymentRequest.ts'
import { fast, merchant } from '../../../notifications/webhooks/testing/webhookMerchant.ts'
import { chainClients, pay } from '../../../watcher/testing/payments.ts'

export type Refund = {
  id: string
  to: string
  amount: string
  state: string
  reference: Hex
  transfers: { txHash: string; amount: string; to: string }[]
  transaction: { chainId: number; from: string; to: string; value: string; data: Hex }
}
const REFUND_FIELDS =
  'id to amount state reference transfers { txHash amount to } transaction { chainId from to value data }'
const PREPARE = `mutation($r: String!, $a: String!, $to: String) { prepareRefund(requestId: $r, amount: $a, to: $to) { ${REFUND_FIELDS} } }`

/**
 * The refunds' tests share this: a chain of the test file's own (its tests reorg it), an app on it
 * with alice as the payee and a webhook receiver, and the steps of a refund. On a real PostgreSQL
 * where the suite has one: two refunds asked at once then really race for the request's row.
 */
export function useRefundsApp() {
  const env = {} as {
    anvil: AnvilNode
    app: TestApp
    receiver: Awaited<ReturnType<typeof startWebhookReceiver>>
    cookie: string
    apiKey: string
  }
  beforeAll(async () => {
    const postgresUrl = inject('postgresUrl')
    env.anvil = await startTestChain(await freePort())
    const databaseUrl = postgresUrl ? await createFreshDatabase(postgresUrl) : undefined
    env.app = await startTestApp({
      anvilUrl: env.anvil.rpcUrl,
      databaseUrl,
      webhooksAllowPrivate: true,
      webhookDelivery: fast,
    })
    env.receiver = await startWebhookReceiver()
    ;({ cookie: env.cookie, apiKey: env.apiKey } = await merchant(env.app, env.receiver.url))
  }, 60_000)
  afterAll(async () => {
    await env.receiver?.close()
    await env.app?.close()
    await env.anvil?.stop()
  })

  const prepare = (requestId: string, amount: string, to?: string) =>
    graphql<{ prepareRefund: Refund }>(env.app.url, PREPARE, {
      variables: { r: requestId, a: amount, to },
      cookie: env.cookie,
    })
  const requestOf = async (id: string) =>
    (
      await graphql<{
        paymentRequest: { status: string; received: string; refunded: string; refundStatus: string; refunds: Refund[] }
      }>(
        env.app.url,
        `query($id: String!) { paymentRequest(id: $id) { status received refunded refundStatus refunds { ${REFUND_FIELDS} } } }`,
        { variables: { id }, cookie: env.cookie },
      )
    ).data!.paymentRequest

  /** Sends what Billfold prepared from the payee's wallet, as the app's refund button does. */
  async function send(refund: Pick<Refund, 'transaction'>) {
    const { walletOf, publicClient } = chainClients(env.anvil.rpcUrl)
    const hash = await walletOf(0).sendTransaction({
      to: refund.transaction.to as Hex,
      value: BigInt(refund.transaction.value),
      data: refund.transaction.data,
    })
    await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 })
    return hash
  }

  /** A request of alice's for `amount` USDC (base units), paid `paid` by the payer, confirmed. */
  async function paidRequest(amount: bigint, paid: bigint, asset: string = DEV_USDC_ADDRESS) {
    const decimals = asset === NATIVE_ASSET ? 18 : 6
    const request = await createRequest(env.app.url, env.cookie, alice, {
      asset,
      amount: (Number(amount) / 10 ** decimals).toString(),
    })
    await pay(env.anvil.rpcUrl, {
      from: 1,
      to: alice.address,
      amount: paid,
      reference: request.reference,
      asset: asset as typeof NATIVE_ASSET,
    })
    await expect.poll(async () => (await requestOf(request.id)).received, { timeout: 15_000 }).toBe(paid.toString())
    return request
  }

  return { env, prepare, requestOf, send, paidRequest }
}
