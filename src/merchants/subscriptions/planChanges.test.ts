import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { grantedByDevAccount } from '../../../testing/deleGatorPayer.ts'
import { setFeedAnswer } from '../../../testing/priceFeeds.ts'
import { alice } from '../../api/testing/graphqlClient.ts'
import { activeChains } from '../../chain/chains.ts'
import type { Hex } from 'viem'
import { createChainRpc } from '../../chain/rpc/chainRpc.ts'
import { DEV_USDC_ADDRESS } from '../../chain/tokens.ts'
import { paymentRequests, subscriptions } from '../../db/schema.ts'
import { lineLogger } from '../../domain/logger.ts'
import { appraisePayments } from '../../payments/quotes/appraisePayments.ts'
import { issueQuote } from '../../payments/quotes/issueQuote.ts'
import { findPaymentRequest } from '../../payments/repository/paymentRequests.ts'
import { createChainWatcher } from '../../watcher/watchChain.ts'
import { pay } from '../../watcher/testing/payments.ts'
import { publicSubscription } from './publicSubscription.ts'
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
/** The dev feeds answered at the head's time: one dollar a USDC, `euro` dollars (8 decimals) a euro. */
const dollarEuro = async (euro = 1_00000000n) => {
  await setFeedAnswer(anvil.rpcUrl, 'USDC', 1_00000000n)
  await setFeedAnswer(anvil.rpcUrl, 'EUR', euro)
}
/** One sweep of the charger at `now` (the chain's clock and its feeds moved there first). */
const sweepAt = async (now: Date, euro?: bigint) => {
  await moveChainTo(now)
  await dollarEuro(euro)
  const options = { db: servers[0]!.db, signAsDelegate: sign, assets, client, now: () => now, feeds: feeds() }
  await issueDueCharges(options)
  return chargeDuePeriods({ ...options, relayer: relayerServices(servers[0]!) })
}
const hourInto = (s: SubscriptionRow, period: number) =>
  new Date(subscriptionPeriodStart(s, period).getTime() + 3600_000)
const midway = (s: SubscriptionRow, period: number) =>
  new Date(subscriptionPeriodStart(s, period).getTime() + 15 * 86_400_000)
/** The watcher run until it has read the chain's head. */
const catchUp = async () => {
  const [chain] = activeChains({ 31337: anvil.rpcUrl })
  const watcher = createChainWatcher({
    database: servers[0]!,
    chain: chain!,
    rpc: createChainRpc({ chain: chain!.chain, urls: [anvil.rpcUrl], timeoutMs: 2000, maxWaitMs: 5000 }),
    logger: lineLogger(() => {}),
  })
  for (let i = 0; i < 50 && !(await watcher.runOnce()).caughtUp; i++);
}
const publicSubscriptionOf = async (id: string) =>
  publicSubscription(
    (await servers[0]!.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!,
    { symbol: 'USDC', decimals: 6 },
    await chargesOf(id),
    'https://pay.example',
  )
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
    expect([charges[2]!.reasonCode, charges[2]!.reasonParams]).toEqual(['above_cap', {}])
    expect((await publicSubscriptionOf(monthly.id)).charges[2]).toMatchObject({
      reasonCode: 'above_cap',
      reason: 'The plan’s amount, 30 USDC, is above the 25 USDC the permission allows each period.',
    })
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

  it('a priced plan’s past-due period paid by hand is quoted when the payer pays, not at the rate it was issued at', async () => {
    await dollarEuro()
    const euros = await plan({ amount: null, currency: 'EUR', price: '20.00', tolerance: '0', name: 'Tight plan' })
    const startsAt = await chainTime()
    const terms = await planTerms(servers[0]!.db, euros, startsAt, feeds())
    const answer = await grantedByDevAccount(anvil.rpcUrl, 5, askedPermission(terms))
    const subscription = await startSubscription(
      servers[0]!.db,
      euros,
      { permission: answer, startTime: startsAt.getTime() / 1000 },
      startsAt,
      feeds(),
    )
    // Issued at 1.10 dollars a euro: 22 USDC, above the 20 granted, so past due.
    expect(of(subscription.id, await sweepAt(hourInto(subscription, 0), 1_10000000n))).toEqual(['past_due'])
    const [charge] = await chargesOf(subscription.id)
    expect(charge!.amount).toBe(String(usdc(22)))
    const byHand = (await findPaymentRequest(servers[0]!.db, charge!.pricedRequestId!))!
    expect([byHand.currency, byHand.amount, byHand.acceptedAssets, byHand.status]).toEqual([
      'EUR',
      '2000',
      [DEV_USDC_ADDRESS],
      'open',
    ])
    const payer = (await publicSubscriptionOf(subscription.id)).charges[0]!
    expect(payer.payUrl).toBe(`https://pay.example/pay/${byHand.id}`)

    // The payer comes a day later, the euro at 1.20: the quote is 24 USDC, not the 22 of the issue.
    await moveChainTo(new Date(hourInto(subscription, 0).getTime() + 86_400_000 / 2))
    await dollarEuro(1_20000000n)
    const { request: quoted } = await issueQuote(servers[0]!.db, feeds(), byHand, DEV_USDC_ADDRESS)
    expect(quoted.amount).toBe(String(usdc(24)))
    await pay(anvil.rpcUrl, { from: 5, to: alice.address, amount: usdc(24), reference: quoted.reference as Hex })
    await catchUp()
    // The payment valued at its quote, as the server's appraiser does: the priced request reads paid.
    const chains = activeChains({ 31337: anvil.rpcUrl })
    await appraisePayments(servers[0]!.db, {
      chainOf: (id) => chains.find((c) => c.chain.id === id),
      clientOf: () => client(),
      assets,
      logger: lineLogger(() => {}),
    })
    expect((await findPaymentRequest(servers[0]!.db, byHand.id))!.status).toBe('paid')
    await sweepAt(new Date(hourInto(subscription, 0).getTime() + 86_400_000 / 2 + 60_000))
    expect((await chargesOf(subscription.id)).map((c) => c.state)).toEqual(['paid'])
    expect(await stateOf(subscription.id)).toBe('active')
    expect((await findPaymentRequest(servers[0]!.db, charge!.requestId))!.status).toBe('cancelled')
    expect((await relaysOf(subscription.id)).length).toBe(0)
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
