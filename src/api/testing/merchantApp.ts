import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, inject } from 'vitest'
import { startTestApp, type TestApp } from '../../../testing/startTestApp.ts'
import { DEV_USDC_ADDRESS } from '../../chain/tokens.ts'
import { paymentRequests } from '../../db/schema.ts'
import { alice, signIn } from './graphqlClient.ts'
import { createApiKey, inAWeek } from './merchantClient.ts'

/** The real app for a merchant's tests: alice signed in, with an authorised API key of every scope. */
export function useMerchantApp() {
  const env = {} as { app: TestApp; aliceCookie: string; secret: string }
  beforeAll(async () => {
    env.app = await startTestApp({ anvilUrl: inject('anvilUrl'), watch: false })
    env.aliceCookie = (await signIn(env.app.url, alice)).cookie
    env.secret = (await createApiKey(env.app.url, env.aliceCookie, alice)).data!.createApiKey.secret
  })
  afterAll(async () => env.app?.close())

  /** A shop's order as the REST API takes it. */
  const order = (overrides: Record<string, unknown> = {}) => ({
    chainId: 31337,
    asset: DEV_USDC_ADDRESS,
    amount: '19.99',
    memo: 'Order 1042',
    dueAt: inAWeek(),
    ...overrides,
  })
  const requestCount = async () =>
    Number((await env.app.database.db.select({ n: sql<number>`count(*)` }).from(paymentRequests))[0]!.n)
  return { env, order, requestCount }
}
