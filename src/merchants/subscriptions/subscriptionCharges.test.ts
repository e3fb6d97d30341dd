import { eq } from 'drizzle-orm'
import type { Address } from 'viem'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createFreshDatabase } from '../../../testing/postgresServer.ts'
import { TEST_SECRET_KEY } from '../../../testing/startTestApp.ts'
import { startTestChain } from '../../../testing/testChain.ts'
import { alice, bob } from '../../api/testing/graphqlClient.ts'
import { activeChains, assetsOf } from '../../chain/chains.ts'
import type { AnvilNode } from '../../chain/devnet/startAnvil.ts'
import { DEV_USDC_ADDRESS } from '../../chain/tokens.ts'
import { createDatabase, type Database } from '../../db/createDatabase.ts'
import { apiKeys, paymentRequests, subscriptions } from '../../db/schema.ts'
import { delegationTypedData } from '../../domain/delegation.ts'
import { periodStart } from '../../domain/schedule/schedulePeriods.ts'
import { newShortId } from '../../domain/shortId.ts'
import { subscriptionCalendar } from '../../domain/subscription/subscriptionCalendar.ts'
import { createDelegateSignature } from '../signing/delegateSignature.ts'
import { createSigningPool } from '../signing/signingPool.ts'
import { createSecretBox } from '../../secrets/secretBox.ts'
import { chainClients } from '../../watcher/testing/payments.ts'
import { issueDueCharges } from './issueDueCharges.ts'
import { activatePlan, changePlan, preparePlan, type PlanInput } from './planStore.ts'

// Two servers on one PostgreSQL: each its own pool, the same rows.
const postgresUrl = inject('postgresUrl')
const port = Number(process.env.TEST_ANVIL_PORT ?? 8575) + 7
let anvil: AnvilNode
let servers: Database[] = []
const box = createSecretBox(TEST_SECRET_KEY, 'api key delegates')
const pool = createSigningPool({ size: 1 })
const sign = createDelegateSignature(box, pool.sign)
const assets = assetsOf(activeChains({ 31337: `http://127.0.0.1:${port}` }))

beforeAll(async () => {
  if (!postgresUrl) return
  anvil = await startTestChain(port)
  const url = await createFreshDatabase(postgresUrl)
  servers = [await createDatabase({ url, poolSize: 2 }), await createDatabase({ url, poolSize: 2 })]
})
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()))
  await pool.close()
  await anvil?.stop()
})

const client = () => chainClients(anvil.rpcUrl).publicClient
const issuer = (database: Database, now: Date) =>
  issueDueCharges({ db: database.db, signAsDelegate: sign, assets, client, now: () => now })

/** A plan of alice's, authorised by her wallet's signature of its delegation. */
async function plan(input: Partial<PlanInput> = {}) {
  const db = servers[0]!.db
  const { plan: prepared } = await preparePlan(db, box, assets, alice.address, {
    chainId: 31337,
    asset: DEV_USDC_ADDRESS,
    amount: '25',
    name: 'Pro plan',
    interval: 'month',
    count: 12,
    ...input,
  })
  const [key] = await db.select().from(apiKeys).where(eq(apiKeys.id, prepared.apiKeyId))
  const signature = await alice.signTypedData(
    delegationTypedData({
      payee: key!.payee as Address,
      delegate: key!.delegate as Address,
      keyName: key!.name,
      expiresAt: key!.delegationExpiresAt,
    }),
  )
  return activatePlan(db, client(), alice.address, prepared.id, signature)
}

/** Bob's subscription to a plan, started on the 31st (the permission as the wallet module would keep it). */
async function subscribe(planRow: Awaited<ReturnType<typeof plan>>, startedAt: Date) {
  const calendar = subscriptionCalendar(planRow.interval, startedAt, planRow.trialDays)
  const [row] = await servers[0]!.db
    .insert(subscriptions)
    .values({
      id: newShortId(),
      planId: planRow.id,
      payee: planRow.payee,
      payer: bob.address,
      chainId: planRow.chainId,
      asset: planRow.asset,
      periodCap: planRow.amount,
      interval: calendar.interval,
      day: calendar.day,
      month: calendar.month ?? null,
      startsOn: calendar.startsOn,
      count: planRow.count,
      permission: {},
      nextAt: periodStart(calendar, 0),
    })
    .returning()
  return row!
}

describe.skipIf(!postgresUrl)('subscription periods', () => {
  it('issues twelve monthly periods from the 31st, each once across two servers with the clock moved, then ends', async () => {
    const pro = await plan()
    const year = new Date().getUTCFullYear() + 1
    const monthly = await subscribe(pro, new Date(Date.UTC(year, 0, 31, 9)))
    for (let period = 0; period < 13; period++) {
      const now = new Date(periodStart(monthly, period).getTime() + 3600_000)
      if (period === 4) await changePlan(servers[0]!.db, assets, alice.address, pro.id, { amount: '30' })
      const both = await Promise.all(servers.map((server) => issuer(server, now)))
      expect(both.flat().map((c) => c.period)).toEqual(period < 12 ? [period] : [])
    }
    const requests = await servers[0]!.db
      .select({ amount: paymentRequests.amount, memo: paymentRequests.memo, payer: paymentRequests.payer })
      .from(paymentRequests)
      .orderBy(paymentRequests.memo)
    expect(requests.map((r) => r.memo.slice(-10))).toEqual(
      [...Array(12).keys()].map((i) => periodStart(monthly, i).toISOString().slice(0, 10)),
    )
    // The 31st, or a shorter month's last day; the plan's new amount from the period after its change.
    expect(requests.some((r) => r.memo.endsWith(`${year}-02-28`) || r.memo.endsWith(`${year}-02-29`))).toBe(true)
    expect(requests.map((r) => r.amount)).toEqual([...Array(12).keys()].map((i) => (i < 4 ? '25000000' : '30000000')))
    expect(requests.every((r) => r.payer === bob.address)).toBe(true)
    const [ended] = await servers[1]!.db.select().from(subscriptions).where(eq(subscriptions.id, monthly.id))
    expect(ended).toMatchObject({ nextPeriod: 12, state: 'ended' })
  })
})
