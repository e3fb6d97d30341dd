import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { grantedByDevAccount } from '../../../testing/deleGatorPayer.ts'
import { setFeedAnswer } from '../../../testing/priceFeeds.ts'
import { alice } from '../../api/testing/graphqlClient.ts'
import { activeChains } from '../../chain/chains.ts'
import { paymentRequests } from '../../db/schema.ts'
import { subscriptionPeriodStart } from '../../domain/subscription/subscriptionCalendar.ts'
import { quoteServicesFor } from '../../payments/quotes/quoteServices.ts'
import { chargeDuePeriods } from './chargeDuePeriods.ts'
import { issueDueCharges } from './issueDueCharges.ts'
import { changePlan } from './changePlan.ts'
import { askedPermission } from './subscriptionPermissions.ts'
import { planTerms, startSubscription, type SubscriptionRow } from './subscriptionStore.ts'
import {
  anvil,
  assets,
  balanceOf,
  chainTime,
  chargesOf,
  client,
  moveChainTo,
  of,
  plan,
  postgresUrl,
  relayerServices,
  relaysOf,
  servers,
  sign,
  stateOf,
  subscribe,
  usdc,
} from './testing/chargingHarness.ts'

const feeds = () =>
  quoteServicesFor(
    { chains: activeChains({ 31337: anvil.rpcUrl }), clients: new Map([[31337, client()]]), assets },
    sign,
    15,
  )
/** The dev feeds answered at the head's time: one dollar a USDC and a euro. */
const dollarEuro = async () => {
  await setFeedAnswer(anvil.rpcUrl, 'USDC', 1_00000000n)
  await setFeedAnswer(anvil.rpcUrl, 'EUR', 1_00000000n)
}
/** One sweep of the charger at `now` (the chain's clock and its feeds moved there first). */
const sweepAt = async (now: Date) => {
  await moveChainTo(now)
  await dollarEuro()
  const options = { db: servers[0]!.db, signAsDelegate: sign, assets, client, now: () => now, feeds: feeds() }
  await issueDueCharges(options)
  return chargeDuePeriods({ ...options, relayer: relayerServices(servers[0]!) })
}
const hourInto = (s: SubscriptionRow, period: number) =>
  new Date(subscriptionPeriodStart(s, period).getTime() + 3600_000)
const midway = (s: SubscriptionRow, period: number) =>
  new Date(subscriptionPeriodStart(s, period).getTime() + 15 * 86_400_000)
const memoOf = async (requestId: string) =>
  (await servers[0]!.db.select().from(paymentRequests).where(eq(paymentRequests.id, requestId)))[0]!.memo

describe.skipIf(!postgresUrl)('changes of plan', () => {
  it('a new amount changed mid-period is charged from the next period; above the granted cap the period is past due and nothing is sent', async () => {
    const pro = await plan({ amount: '25', count: null })
    const monthly = await subscribe(pro, 2)
    const payeeBefore = await balanceOf(alice.address)
    expect(of(monthly.id, await sweepAt(hourInto(monthly, 0)))).toEqual(['sent'])

    // Midway through the first period: a lower amount and a new name; the period under way keeps its terms.
    await moveChainTo(midway(monthly, 0))
    await changePlan(servers[0]!.db, assets, alice.address, pro.id, { amount: '20', name: 'Pro plan, lighter' })
    expect(of(monthly.id, await sweepAt(midway(monthly, 0)))).toEqual([])
    expect(of(monthly.id, await sweepAt(hourInto(monthly, 1)))).toEqual(['sent'])

    // Above the 25 USDC the payer's permission allows per period: past due, unsent, with its reason.
    await changePlan(servers[0]!.db, assets, alice.address, pro.id, { amount: '30' })
    expect(of(monthly.id, await sweepAt(hourInto(monthly, 2)))).toEqual(['past_due'])
    const charges = await chargesOf(monthly.id)
    expect(charges.map((c) => [c.amount, c.state])).toEqual([
      [String(usdc(25)), 'sent'],
      [String(usdc(20)), 'sent'],
      [String(usdc(30)), 'past_due'],
    ])
    expect(await memoOf(charges[1]!.requestId)).toMatch(/^Pro plan, lighter · /)
    expect(charges[2]!.reason).toContain('above what the permission allows')
    expect(await stateOf(monthly.id)).toBe('past_due')
    expect((await relaysOf(monthly.id)).length).toBe(2)
    expect(await balanceOf(alice.address)).toBe(payeeBefore + usdc(25) + usdc(20))
  }, 120_000)

  it('a priced plan’s new price is quoted from the next period; a price above the grant’s cap makes it past due', async () => {
    await dollarEuro()
    const euros = await plan({ amount: null, currency: 'EUR', price: '20.00', tolerance: '5', name: 'Euro plan' })
    const startsAt = await chainTime()
    // Granted at one dollar a euro: 20 USDC plus 5 % caps each period at 21.
    const terms = await planTerms(servers[0]!.db, euros, startsAt, feeds())
    const answer = await grantedByDevAccount(anvil.rpcUrl, 3, askedPermission(terms))
    const subscription = await startSubscription(
      servers[0]!.db,
      euros,
      { permission: answer, startTime: startsAt.getTime() / 1000 },
      startsAt,
      feeds(),
    )
    expect(subscription.periodCap).toBe(String(usdc(21)))
    expect(of(subscription.id, await sweepAt(hourInto(subscription, 0)))).toEqual(['sent'])
    await changePlan(servers[0]!.db, assets, alice.address, euros.id, { price: '20.50' })
    expect(of(subscription.id, await sweepAt(hourInto(subscription, 1)))).toEqual(['sent'])
    await changePlan(servers[0]!.db, assets, alice.address, euros.id, { price: '25' })
    expect(of(subscription.id, await sweepAt(hourInto(subscription, 2)))).toEqual(['past_due'])
    expect((await chargesOf(subscription.id)).map((c) => [c.price, c.amount, c.state])).toEqual([
      ['2000', '20000000', 'sent'],
      ['2050', '20500000', 'sent'],
      ['2500', '25000000', 'past_due'],
    ])
    expect((await relaysOf(subscription.id)).length).toBe(2)
  }, 120_000)

  it('refuses a change of the wrong kind of plan, naming the field', async () => {
    const pro = await plan({ amount: '25' })
    await expect(changePlan(servers[0]!.db, assets, alice.address, pro.id, { price: '20' })).rejects.toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'price',
    })
    await expect(changePlan(servers[0]!.db, assets, alice.address, pro.id, { amount: '-1' })).rejects.toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'amount',
    })
  })
})
