import { count, eq } from 'drizzle-orm'
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader, HTTPFacilitatorClient } from '@x402/core/http'
import type { PaymentRequired, PaymentRequirements } from '@x402/core/types'
import type { PrivateKeyAccount } from 'viem/accounts'
import { afterAll, beforeAll, expect, inject } from 'vitest'
import { freePort } from '../../../../testing/freePort.ts'
import { createFreshDatabase } from '../../../../testing/postgresServer.ts'
import { startTestApp, type TestApp } from '../../../../testing/startTestApp.ts'
import { startTestChain } from '../../../../testing/testChain.ts'
import { startWebhookReceiver } from '../../../../testing/webhookReceiver.ts'
import type { AnvilNode } from '../../../chain/devnet/startAnvil.ts'
import { DEV_USDC_ADDRESS } from '../../../chain/tokens.ts'
import { emailOutbox, paymentRequests, relays, webhookEvents } from '../../../db/schema.ts'
import { newPayee, turnOnRelayer } from '../../../relayer/testing/gasless.ts'
import { untilJournalFollowed } from '../../../notifications/journal/testing/untilJournalFollowed.ts'
import { ENDPOINT, fast } from '../../../notifications/webhooks/testing/webhookMerchant.ts'
import { graphql } from '../../testing/graphqlClient.ts'
import { createApiKey, createPaymentLink } from '../../testing/merchantClient.ts'
import { DEV_NETWORK, x402ClientFor } from './x402Setup.ts'

/**
 * `servers` Billfold servers on one database (PGlite for one, a fresh PostgreSQL database for more;
 * `skip` when there is none), a dev chain, a payee whose relayer is on, an x402:settle key and a
 * webhook endpoint for requests made, cancelled and paid; and what a test of x402 tries asks of them.
 */
export function useTryingApps({ servers, postgres }: { servers: number; postgres: boolean }) {
  const postgresUrl = inject('postgresUrl')
  const skip = postgres && !postgresUrl
  let anvil: AnvilNode
  const apps: TestApp[] = []
  let payee: Awaited<ReturnType<typeof newPayee>>
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>
  let apiKey: string
  beforeAll(async () => {
    if (skip) return
    anvil = await startTestChain(await freePort())
    const databaseUrl = postgres ? await createFreshDatabase(postgresUrl) : undefined
    for (let i = 0; i < servers; i++)
      apps.push(
        await startTestApp({
          anvilUrl: anvil.rpcUrl,
          ...(databaseUrl ? { databaseUrl } : {}),
          rateLimitPerMinute: 0,
          relayMonitor: { intervalMs: 100 },
          webhooksAllowPrivate: true,
          webhookDelivery: fast,
        }),
      )
    payee = await newPayee(apps[0]!.url)
    await turnOnRelayer(apps[0]!.url, anvil.rpcUrl, payee.cookie)
    apiKey = (await createApiKey(apps[0]!.url, payee.cookie, payee.account, { scopes: ['x402:settle'] })).data!
      .createApiKey.secret
    // Every request made or cancelled would queue a webhook event: what a failed try must not do.
    receiver = await startWebhookReceiver()
    await graphql(apps[0]!.url, ENDPOINT, {
      variables: {
        url: `${receiver.url}/hooks`,
        events: ['payment_request.created', 'payment_request.cancelled', 'payment_request.paid'],
      },
      cookie: payee.cookie,
    })
  })
  afterAll(async () => {
    await receiver?.close()
    for (const app of apps) await app.close()
    await anvil?.stop()
  })

  /** The i-th try's server: simultaneous tries alternate between the servers. */
  const url = (i = 0) => apps[i % apps.length]!.url
  const db = () => apps[0]!.database.db
  const quoteOf = async (path: string): Promise<PaymentRequired> => {
    const answer = await fetch(`${url()}${path}`)
    expect(answer.status).toBe(402)
    return decodePaymentRequiredHeader(answer.headers.get('payment-required')!)
  }
  const routeRequirements = (): PaymentRequirements => ({
    scheme: 'exact',
    network: DEV_NETWORK,
    asset: DEV_USDC_ADDRESS,
    amount: '10000',
    payTo: payee.account.address,
    maxTimeoutSeconds: 300,
    extra: { name: 'USD Coin', version: '2' },
  })
  return {
    skip,
    anvilUrl: () => anvil.rpcUrl,
    payee: () => payee,
    url,
    db,
    quoteOf,
    routeRequirements,
    /** What the payee's account holds, once every change was followed: requests, relays, webhook events, and e-mails queued. */
    stored: async () => {
      await untilJournalFollowed(db())
      const [[requests], [relayRows], [events], [emails]] = await Promise.all([
        db().select({ n: count() }).from(paymentRequests).where(eq(paymentRequests.payee, payee.account.address)),
        db().select({ n: count() }).from(relays).where(eq(relays.payee, payee.account.address)),
        db().select({ n: count() }).from(webhookEvents).where(eq(webhookEvents.payee, payee.account.address)),
        db().select({ n: count() }).from(emailOutbox),
      ])
      return { requests: requests!.n, relays: relayRows!.n, webhookEvents: events!.n, emails: emails!.n }
    },
    /** A fixed-amount link of the payee's. */
    link: async (amount: string) =>
      (
        await createPaymentLink(url(), payee.cookie, payee.account, {
          title: 'Coffee',
          chainId: 31337,
          asset: DEV_USDC_ADDRESS,
          memo: 'Thanks!',
          amount,
        })
      ).id!,
    /** The standard client's PAYMENT-SIGNATURE for what `path` quotes. */
    signedFor: async (path: string, payer: PrivateKeyAccount) =>
      encodePaymentSignatureHeader(await x402ClientFor(payer).createPaymentPayload(await quoteOf(path))),
    get: (path: string, header: string, i = 0) =>
      fetch(`${url(i)}${path}`, { headers: { 'payment-signature': header } }),
    /** A 402's x402 reason and sentence. */
    whyRefused: async (answer: Response) => {
      expect(answer.status).toBe(402)
      const body = (await answer.json()) as { message?: string }
      return {
        error: decodePaymentRequiredHeader(answer.headers.get('payment-required')!).error,
        message: body.message,
      }
    },
    /** The standard facilitator client, at the i-th server, with the payee's x402:settle key. */
    facilitator: (i = 0) =>
      new HTTPFacilitatorClient({
        url: `${url(i)}/x402/facilitator`,
        createAuthHeaders: async () => {
          const auth = { Authorization: `Bearer ${apiKey}` }
          return { verify: auth, settle: auth, supported: auth }
        },
      }),
    /** A merchant route's payment, signed by the standard client as the x402 middleware would ask for it. */
    routePayment: async (payer: PrivateKeyAccount, route: string) => {
      const accepts = routeRequirements()
      const payload = await x402ClientFor(payer).createPaymentPayload({
        x402Version: 2,
        resource: { url: `https://shop.example${route}`, description: route, mimeType: 'application/json' },
        accepts: [accepts],
      })
      return { payload, accepts }
    },
  }
}
