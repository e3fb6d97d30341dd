import { eq, sql } from 'drizzle-orm'
import type { Address } from 'viem'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createFreshDatabase } from '../../../testing/postgresServer.ts'
import { TEST_SECRET_KEY } from '../../../testing/startTestApp.ts'
import { startTestChain } from '../../../testing/testChain.ts'
import { alice } from '../../api/testing/graphqlClient.ts'
import { activeChains, assetsOf } from '../../chain/chains.ts'
import type { AnvilNode } from '../../chain/devnet/startAnvil.ts'
import { DEV_USDC_ADDRESS } from '../../chain/tokens.ts'
import { chainClients } from '../../watcher/testing/payments.ts'
import { createDatabase, type Database } from '../../db/createDatabase.ts'
import { apiKeys, paymentRequests, schedules } from '../../db/schema.ts'
import { delegationTypedData } from '../../domain/delegation.ts'
import { periodStart } from '../../domain/schedule/schedulePeriods.ts'
import { createSecretBox } from '../../secrets/secretBox.ts'
import { createDelegateSignature, type DelegateSignature } from '../signing/delegateSignature.ts'
import { createSigningPool } from '../signing/signingPool.ts'
import { issueDuePeriods } from './issueDuePeriods.ts'
import {
  activateSchedule,
  changeSchedule,
  prepareSchedule,
  verifyScheduleSignature,
  type ScheduleInput,
} from './scheduleStore.ts'

// Two servers on one PostgreSQL: each its own pool, the same rows.
const postgresUrl = inject('postgresUrl')
let anvil: AnvilNode
let url: string
let servers: Database[] = []
const box = createSecretBox(TEST_SECRET_KEY, 'api key delegates')
const pool = createSigningPool({ size: 1 })
const sign = createDelegateSignature(box, pool.sign)
const assets = assetsOf(activeChains({ 31337: 'http://127.0.0.1:8574' }))

beforeAll(async () => {
  if (!postgresUrl) return
  anvil = await startTestChain(8574)
  url = await createFreshDatabase(postgresUrl)
  servers = [await createDatabase({ url, poolSize: 2 }), await createDatabase({ url, poolSize: 2 })]
})
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()))
  await pool.close()
  await anvil?.stop()
})

const client = () => chainClients(anvil.rpcUrl).publicClient
const issuer = (database: Database, now: Date, signAsDelegate: DelegateSignature = sign) =>
  issueDuePeriods({ db: database.db, signAsDelegate, assets, client, now: () => now })

/** A schedule of alice's, authorised by her wallet's signature of its delegation. */
async function schedule(input: Partial<ScheduleInput> = {}) {
  const db = servers[0]!.db
  const { schedule: prepared } = await prepareSchedule(db, box, assets, alice.address, {
    chainId: 31337,
    asset: DEV_USDC_ADDRESS,
    amount: '250',
    memo: 'Retainer',
    interval: 'month',
    day: 31,
    startsOn: new Date().toISOString().slice(0, 10),
    count: 12,
    dueDays: 14,
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
  return activateSchedule(
    db,
    await verifyScheduleSignature(db, client(), alice.address, prepared.id, signature),
    signature,
  )
}

const periodsOf = async (id: string) =>
  (
    await servers[0]!.db
      .select({ period: paymentRequests.schedulePeriod, memo: paymentRequests.memo, dueAt: paymentRequests.dueAt })
      .from(paymentRequests)
      .where(eq(paymentRequests.scheduleId, id))
  ).sort((a, b) => a.period! - b.period!)

describe.skipIf(!postgresUrl)('recurring requests', () => {
  it('issues a monthly schedule on the 31st across a year with the clock moved: 12 requests, one per period, with two servers and one killed mid-period', async () => {
    const monthly = await schedule()
    for (let period = 0; period < 13; period++) {
      // An hour into the period (after the last, a month on: nothing more is owed).
      const now = new Date(periodStart(monthly, period).getTime() + 3600_000)
      if (period === 5) {
        // Server 0 claims the period and dies while its delegate signs: its transaction never commits.
        let signing!: () => void
        const claimed = new Promise<void>((resolve) => (signing = resolve))
        const dying = issuer(servers[0]!, now, async (key, typedData) => {
          signing()
          await new Promise((resolve) => setTimeout(resolve, 200))
          return sign(key, typedData)
        }).catch((error: unknown) => error)
        await claimed
        await servers[1]!.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and state like 'idle in transaction%' and pid <> pg_backend_pid()`)
        expect(await dying).toBeInstanceOf(Error)
        await servers[0]!.close()
        expect((await issuer(servers[1]!, now)).map((i) => i.request.schedulePeriod)).toEqual([5])
        // Restarted, it finds the period issued.
        servers[0] = await createDatabase({ url, poolSize: 2 })
        expect(await issuer(servers[0], now)).toEqual([])
        continue
      }
      const both = await Promise.all(servers.map((server) => issuer(server, now)))
      expect(both.flat().map((i) => i.request.schedulePeriod)).toEqual(period < 12 ? [period] : [])
    }
    const periods = await periodsOf(monthly.id)
    expect(periods.map((p) => p.period)).toEqual([...Array(12).keys()])
    // The 31st, or a shorter month's last day.
    expect(periods.map((p) => p.memo.slice(-10))).toEqual(
      [...Array(12).keys()].map((i) => periodStart(monthly, i).toISOString().slice(0, 10)),
    )
    expect(periods.some((p) => p.memo.endsWith('-02-28') || p.memo.endsWith('-02-29'))).toBe(true)
    const [ended] = await servers[1]!.db.select().from(schedules).where(eq(schedules.id, monthly.id))
    expect(ended).toMatchObject({ nextPeriod: 12, endedBecause: 'finished' })
  })

  it('issues nothing while paused, skips what began meanwhile on resuming, and nothing once stopped', async () => {
    const weekly = await schedule({ interval: 'week', day: 1, count: null })
    const at = (period: number) => new Date(periodStart(weekly, period).getTime() + 3600_000)
    expect((await issuer(servers[0]!, at(0))).length).toBe(1)
    await changeSchedule(servers[0]!.db, alice.address, weekly.id, 'pause', at(0))
    expect(await issuer(servers[1]!, at(1))).toEqual([])
    await changeSchedule(servers[0]!.db, alice.address, weekly.id, 'resume', at(1))
    expect(await issuer(servers[1]!, at(1))).toEqual([])
    expect((await issuer(servers[1]!, at(2))).map((i) => i.request.schedulePeriod)).toEqual([2])
    await changeSchedule(servers[0]!.db, alice.address, weekly.id, 'stop', at(2))
    expect(await issuer(servers[0]!, at(5))).toEqual([])
    expect((await periodsOf(weekly.id)).map((p) => p.period)).toEqual([0, 2])
    await expect(changeSchedule(servers[0]!.db, alice.address, weekly.id, 'resume', at(5))).rejects.toMatchObject({
      code: 'SCHEDULE_STOPPED',
    })
  })
})
