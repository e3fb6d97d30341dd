import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { grantedByDevAccount } from '../../../testing/deleGatorPayer.ts'
import { setFeedAnswer } from '../../../testing/priceFeeds.ts'
import { alice } from '../../api/testing/graphqlClient.ts'
import { activeChains } from '../../chain/chains.ts'
import { createChainRpc } from '../../chain/rpc/chainRpc.ts'
import { paymentRequests, paymentValues, payments } from '../../db/schema.ts'
import { subscriptionPeriodStart } from '../../domain/subscription/subscriptionCalendar.ts'
import { quoteServicesFor } from '../../payments/quotes/quoteServices.ts'
import { lineLogger } from '../../domain/logger.ts'
import { createChainWatcher } from '../../watcher/watchChain.ts'
import { BadUserInputError } from '../../domain/errors/input.ts'
import { DEV_USDC_ADDRESS } from '../../chain/tokens.ts'
import { readPlanBody } from './planBody.ts'
import { publicPlan } from './publicSubscription.ts'
import { checkPlanInput } from './planStore.ts'
import { chargeDuePeriods } from './chargeDuePeriods.ts'
import { issueDueCharges } from './issueDueCharges.ts'
import { askedPermission } from './subscriptionPermissions.ts'
import { planTerms, startSubscription } from './subscriptionStore.ts'
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
} from './testing/chargingHarness.ts'

const feeds = () =>
  quoteServicesFor(
    { chains: activeChains({ 31337: anvil.rpcUrl }), clients: new Map([[31337, client()]]), assets },
    sign,
    15,
  )
/** One sweep of the charger with the dev chain's feeds. */
const sweep = async (now: Date) => {
  const options = { db: servers[0]!.db, signAsDelegate: sign, assets, client, now: () => now, feeds: feeds() }
  await issueDueCharges(options)
  return chargeDuePeriods({ ...options, relayer: relayerServices(servers[0]!) })
}
/** The euro's rate in USD on the dev feed (8 decimals), USDC at 1 USD, both answered at the head's time. */
const euroAt = async (usd: bigint) => {
  await setFeedAnswer(anvil.rpcUrl, 'USDC', 1_00000000n)
  await setFeedAnswer(anvil.rpcUrl, 'EUR', usd)
}

describe('a plan priced in a currency, as a REST body', () => {
  const body = { chainId: 31337, asset: DEV_USDC_ADDRESS, name: 'Euro plan', interval: 'month' }
  const problems = (extra: Record<string, unknown>) => {
    try {
      checkPlanInput(readPlanBody({ ...body, ...extra }), assets, alice.address, new Date())
      return {}
    } catch (error) {
      if (!(error instanceof BadUserInputError)) throw error
      return error.fields ?? {}
    }
  }

  it('takes a price, a currency and a tolerance instead of an amount, each wrong field named', () => {
    const { terms } = checkPlanInput(
      readPlanBody({ ...body, currency: 'eur', price: '20.00', tolerance: '2' }),
      assets,
      alice.address,
      new Date(),
    )
    expect([terms.currency, terms.price, terms.toleranceBps, terms.amount]).toEqual(['EUR', 2000n, 200, 0n])
    expect(Object.keys(problems({ currency: 'XYZ', price: '20.001', tolerance: '9' })).sort()).toEqual([
      'currency',
      'tolerance',
    ])
    expect(Object.keys(problems({ currency: 'EUR', price: '20.001' }))).toEqual(['price'])
    expect(Object.keys(problems({ currency: 'EUR', price: '20', amount: '25' }))).toEqual(['amount'])
    expect(Object.keys(problems({}))).toEqual(['amount'])
  })
})

describe.skipIf(!postgresUrl)('plans priced in a currency', () => {
  it('quotes each period at its rate within the grant’s cap, makes a period above the cap past due unsent, and values each charge at its quote in the books', async () => {
    const euros = await plan({ amount: null, currency: 'EUR', price: '20.00', tolerance: '2', name: 'Euro plan' })
    expect([euros.currency, euros.price, euros.toleranceBps]).toEqual(['EUR', '2000', 200])
    // The plan's link and the API show its price, not the token amount it stores as 0.
    expect(publicPlan(euros, { symbol: 'USDC', decimals: 6 }, 'https://pay.example')).toMatchObject({
      currency: 'EUR',
      price: '2000',
      amount: '0',
    })

    // Granted at 1.10 USD per euro: 22 USDC, plus 2 %, is the cap of every period.
    const startsAt = await chainTime()
    await euroAt(1_10000000n)
    const terms = await planTerms(servers[0]!.db, euros, startsAt, feeds())
    expect(terms.periodCap).toBe(22_440_000n)
    const answer = await grantedByDevAccount(anvil.rpcUrl, 4, askedPermission(terms))
    const subscription = await startSubscription(
      servers[0]!.db,
      euros,
      { permission: answer, startTime: startsAt.getTime() / 1000 },
      startsAt,
      feeds(),
    )
    expect(subscription.periodCap).toBe('22440000')
    const payeeBefore = await balanceOf(alice.address)

    // Each period charged at its own rate: the amounts differ, each is the quote.
    const rates = [1_10000000n, 1_12000000n, 1_15000000n]
    for (const [period, rate] of rates.entries()) {
      const now = new Date(subscriptionPeriodStart(subscription, period).getTime() + 3600_000)
      await moveChainTo(now)
      await euroAt(rate)
      expect(of(subscription.id, await sweep(now))).toEqual([period < 2 ? 'sent' : 'past_due'])
    }
    const charges = await chargesOf(subscription.id)
    expect(charges.map((c) => [c.amount, c.currency, c.price])).toEqual([
      ['22000000', 'EUR', '2000'],
      ['22400000', 'EUR', '2000'],
      ['23000000', 'EUR', '2000'],
    ])
    // Above the cap: past due with the reason, and nothing sent to the chain.
    expect(charges[2]!.state).toBe('past_due')
    expect(charges[2]!.reasonCode).toBe('quote_above_cap')
    expect(await stateOf(subscription.id)).toBe('past_due')
    expect((await relaysOf(subscription.id)).map((r) => r.requestId).sort()).toEqual(
      [charges[0]!.requestId, charges[1]!.requestId].sort(),
    )
    expect(await balanceOf(alice.address)).toBe(payeeBefore + 22_000_000n + 22_400_000n)

    // The watcher records both transfers; each paid charge is then worth its price in the books.
    await moveChainTo(new Date(Number((await chainTime()).getTime()) + 60_000))
    const [chain] = activeChains({ 31337: anvil.rpcUrl })
    const watcher = createChainWatcher({
      database: servers[0]!,
      chain: chain!,
      rpc: createChainRpc({ chain: chain!.chain, urls: [anvil.rpcUrl], timeoutMs: 2000, maxWaitMs: 5000 }),
      logger: lineLogger(() => {}),
    })
    for (let i = 0; i < 50 && !(await watcher.runOnce()).caughtUp; i++);
    const paidRequests = await servers[0]!.db
      .select({ id: paymentRequests.id, status: paymentRequests.status })
      .from(paymentRequests)
      .where(eq(paymentRequests.payer, subscription.payer))
    expect(paidRequests.filter((r) => r.status === 'paid').length).toBe(2)
    await sweep(await chainTime())
    for (const charge of charges.slice(0, 2)) {
      const value = await servers[0]!.db
        .select({ value: paymentValues.value, basis: paymentValues.basis })
        .from(paymentValues)
        .innerJoin(
          payments,
          and(eq(payments.txHash, paymentValues.txHash), eq(payments.logIndex, paymentValues.logIndex)),
        )
        .where(and(eq(payments.requestId, charge.requestId), eq(paymentValues.currency, 'EUR')))
      expect(value).toEqual([{ value: '2000', basis: 'quote' }])
    }
    expect((await chargesOf(subscription.id)).map((c) => c.state)).toEqual(['paid', 'paid', 'past_due'])
  }, 120_000)
})
