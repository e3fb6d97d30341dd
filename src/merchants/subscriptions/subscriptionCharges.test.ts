import { DelegationManager as delegationManagerAbi } from '@metamask/delegation-abis'
import { and, eq } from 'drizzle-orm'
import { erc20Abi } from 'viem'
import { describe, expect, it, vi } from 'vitest'
import { grantedByDevAccount, keyedDevAccount } from '../../../testing/deleGatorPayer.ts'
import { alice } from '../../api/testing/graphqlClient.ts'
import { DEV_USDC_ADDRESS } from '../../chain/tokens.ts'
import { paymentRequests, subscriptionCharges, subscriptions } from '../../db/schema.ts'
import { frameworkContracts } from '../../domain/periodicPermission/framework.ts'
import { subscriptionPeriodStart } from '../../domain/subscription/subscriptionCalendar.ts'
import { chargeCall } from '../../payments/subscriptions/permission/chargeCall.ts'
import { relayerAccountAt } from '../../relayer/relayerStore.ts'
import { CHARGE_LEASE_MS } from './chargeDuePeriods.ts'
import { issueDueCharges } from './issueDueCharges.ts'
import { changePlan } from './changePlan.ts'
import { storedPermission, type StoredDelegation } from './subscriptionPermissions.ts'
import { askedPermission } from './subscriptionPermissions.ts'
import {
  cancelByPayer,
  changeSubscription,
  planTerms,
  startSubscription,
  subscriptionTerms,
} from './subscriptionStore.ts'
import {
  anvil,
  assets,
  balanceOf,
  chargesOf,
  chainTime,
  client,
  moveChainTo,
  of,
  plan,
  postgresUrl,
  relayerBox,
  relaysOf,
  servers,
  sign,
  stateOf,
  subscribe,
  sweep,
  usdc,
} from './testing/chargingHarness.ts'

describe.skipIf(!postgresUrl)('charging subscriptions', () => {
  it('charges twelve monthly periods once each across two servers (one killed mid-charge) with the clock moved; after the end the chain refuses a thirteenth', async () => {
    const monthly = await subscribe(await plan(), 1)
    const payeeBefore = await balanceOf(alice.address)
    for (let period = 0; period < 13; period++) {
      const now = new Date(subscriptionPeriodStart(monthly, period).getTime() + 3600_000)
      await moveChainTo(now)
      if (period === 5) {
        // A server claims the period's charge and dies before sending: its lease holds the others off, then runs out.
        await issueDueCharges({ db: servers[0]!.db, signAsDelegate: sign, assets, client, now: () => now })
        await servers[0]!.db
          .update(subscriptionCharges)
          .set({ state: 'charging', claimedUntil: new Date(now.getTime() + CHARGE_LEASE_MS) })
          .where(and(eq(subscriptionCharges.subscriptionId, monthly.id), eq(subscriptionCharges.period, 5)))
        expect(await sweep(servers[1]!, now)).toEqual([])
        const later = new Date(now.getTime() + CHARGE_LEASE_MS + 1000)
        await moveChainTo(later)
        expect((await sweep(servers[1]!, later)).map((c) => c.outcome)).toEqual(['sent'])
        const paid = payeeBefore + usdc(6 * 25)
        await vi.waitFor(async () => expect(await balanceOf(alice.address)).toBe(paid), { timeout: 30_000 })
        continue
      }
      const both = await Promise.all(servers.map((server) => sweep(server, now)))
      expect(both.flat().map((c) => [c.charge.period, c.outcome])).toEqual(period < 12 ? [[period, 'sent']] : [])
      // Mined before the clock moves on: a charge landing in the next period's block would spend that period's allowance.
      const paid = payeeBefore + usdc(Math.min(period + 1, 12) * 25)
      await vi.waitFor(async () => expect(await balanceOf(alice.address)).toBe(paid), {
        timeout: 30_000,
        interval: 100,
      })
    }
    // Each period's relay mined once, straight from payer to payee: twelve times the plan's amount.
    const sent = await relaysOf(monthly.id)
    expect(sent.length).toBe(12)
    expect(new Set(sent.map((r) => r.requestId)).size).toBe(12)
    expect(await balanceOf(alice.address)).toBe(payeeBefore + usdc(12 * 25))
    expect((await chargesOf(monthly.id)).map((c) => c.period)).toEqual([...Array(12).keys()])
    expect(await stateOf(monthly.id)).toBe('ended')
    // The server's own key calling the contract after the end: the chain refuses it.
    const row = (await servers[0]!.db.select().from(subscriptions).where(eq(subscriptions.id, monthly.id)))[0]!
    const terms = subscriptionTerms(row)
    const verified = await storedPermission(row.permission as StoredDelegation, terms)
    const relayer = await relayerAccountAt(servers[0]!.db, relayerBox, terms.redeemer)
    await expect(
      client().call({ account: relayer, ...chargeCall(verified.context, verified.permission, usdc(25)) }),
    ).rejects.toThrow()
  })

  it('a Billfold charging twice in one period, or more than the amount, is refused by the chain', async () => {
    const weekly = await subscribe(await plan({ interval: 'week', count: null }), 2)
    const now = new Date(weekly.startsAt.getTime() + 3600_000)
    await moveChainTo(now)
    expect(of(weekly.id, await sweep(servers[0]!, now))).toEqual(['sent'])
    const terms = subscriptionTerms(weekly)
    const verified = await storedPermission(weekly.permission as StoredDelegation, terms)
    const relayer = await relayerAccountAt(servers[0]!.db, relayerBox, terms.redeemer)
    for (const amount of [usdc(25), usdc(26), 1n])
      await expect(
        client().call({ account: relayer, ...chargeCall(verified.context, verified.permission, amount) }),
      ).rejects.toThrow()
  })

  it('a payer who revoked on chain: the next charge is not attempted and the subscription reads cancelled by the payer', async () => {
    const pro = await plan()
    const monthly = await subscribe(pro, 3)
    const start = new Date(monthly.startsAt.getTime() + 3600_000)
    await moveChainTo(start)
    expect(of(monthly.id, await sweep(servers[0]!, start))).toEqual(['sent'])
    const payer = keyedDevAccount(anvil.rpcUrl, 3)
    const verified = await storedPermission(monthly.permission as StoredDelegation, subscriptionTerms(monthly))
    await payer.waitForTransactionReceipt({
      hash: await payer.writeContract({
        address: frameworkContracts.DelegationManager,
        abi: delegationManagerAbi,
        functionName: 'disableDelegation',
        args: [verified.delegation],
      }),
      pollingInterval: 20,
    })
    const next = new Date(subscriptionPeriodStart(monthly, 1).getTime() + 3600_000)
    await moveChainTo(next)
    expect(of(monthly.id, await sweep(servers[1]!, next))).toEqual(['cancelled'])
    expect((await relaysOf(monthly.id)).length).toBe(1)
    expect(await stateOf(monthly.id)).toBe('cancelled_by_payer')
    await expect(cancelByPayer(servers[0]!.db, client(), monthly.id)).rejects.toMatchObject({
      code: 'SUBSCRIPTION_ENDED',
    })
  })

  it('a balance too low makes the period past due, tried again on the dunning days, then charged once the payer holds enough', async () => {
    const big = await plan({ amount: '900000' })
    const payer = keyedDevAccount(anvil.rpcUrl, 4)
    const monthly = await subscribe(big, 4)
    // The payer spends all but a little.
    const held = await balanceOf(payer.account.address)
    await payer.waitForTransactionReceipt({
      hash: await payer.writeContract({
        address: DEV_USDC_ADDRESS,
        abi: erc20Abi,
        functionName: 'transfer',
        args: ['0x000000000000000000000000000000000000dEaD', held - usdc(10)],
      }),
      pollingInterval: 20,
    })
    const day = 86_400_000
    const at = (days: number) => new Date(monthly.startsAt.getTime() + 3600_000 + days * day)
    await moveChainTo(at(0))
    expect(of(monthly.id, await sweep(servers[0]!, at(0)))).toEqual(['past_due'])
    expect(await stateOf(monthly.id)).toBe('past_due')
    const [due] = await chargesOf(monthly.id)
    expect(due).toMatchObject({ state: 'past_due', attempts: 1 })
    expect(due!.reasonCode).toBe('balance_too_low')
    const [request] = await servers[0]!.db.select().from(paymentRequests).where(eq(paymentRequests.id, due!.requestId))
    expect(request!.status).toBe('open')
    // Not before the first dunning day; on it, still too low.
    await moveChainTo(at(0.5))
    expect(of(monthly.id, await sweep(servers[1]!, at(0.5)))).toEqual([])
    await moveChainTo(at(1))
    expect(of(monthly.id, await sweep(servers[1]!, at(1)))).toEqual(['past_due'])
    // The payer tops up; the third day's try charges it.
    const whale = keyedDevAccount(anvil.rpcUrl, 9)
    await whale.waitForTransactionReceipt({
      hash: await whale.writeContract({
        address: DEV_USDC_ADDRESS,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [payer.account.address, usdc(900000)],
      }),
      pollingInterval: 20,
    })
    await moveChainTo(at(3))
    expect(of(monthly.id, await sweep(servers[0]!, at(3)))).toEqual(['sent'])
    expect((await relaysOf(monthly.id)).length).toBe(1)
  })

  it('after the last dunning day the subscription pauses', async () => {
    const monthly = await subscribe(await plan({ amount: '5000000', dunningDays: [1] }), 5)
    const at = (days: number) => new Date(monthly.startsAt.getTime() + 3600_000 + days * 86_400_000)
    await moveChainTo(at(0))
    expect(of(monthly.id, await sweep(servers[0]!, at(0)))).toEqual(['past_due'])
    await moveChainTo(at(1))
    expect(of(monthly.id, await sweep(servers[0]!, at(1)))).toEqual(['given_up'])
    expect(await stateOf(monthly.id)).toBe('paused')
    expect((await relaysOf(monthly.id)).length).toBe(0)
    await changePlan(servers[0]!.db, assets, alice.address, monthly.planId, { archived: true })
  })

  it('refuses a granted permission wider than the plan asks, naming what differs, and stores nothing', async () => {
    const pro = await plan()
    const startsAt = await chainTime()
    const terms = await planTerms(servers[0]!.db, pro, startsAt)
    const wider = await grantedByDevAccount(anvil.rpcUrl, 6, { ...askedPermission(terms), periodAmount: usdc(26) })
    await expect(
      startSubscription(servers[0]!.db, pro, { permission: wider, startTime: startsAt.getTime() / 1000 }, startsAt),
    ).rejects.toMatchObject({ code: 'BAD_USER_INPUT', field: 'permission.periodAmount' })
  })

  it('a subscription the payee paused and resumed charges from the next period on, not the periods that began meanwhile', async () => {
    const weekly = await subscribe(await plan({ interval: 'week', count: null }), 7)
    const at = (period: number) => new Date(subscriptionPeriodStart(weekly, period).getTime() + 3600_000)
    await moveChainTo(at(0))
    expect(of(weekly.id, await sweep(servers[0]!, at(0)))).toEqual(['sent'])
    await changeSubscription(servers[0]!.db, alice.address, weekly.id, 'pause', at(0))
    await moveChainTo(at(3))
    expect(of(weekly.id, await sweep(servers[0]!, at(3)))).toEqual([])
    await changeSubscription(servers[0]!.db, alice.address, weekly.id, 'resume', at(3))
    expect(of(weekly.id, await sweep(servers[1]!, at(3)))).toEqual([])
    await moveChainTo(at(4))
    expect(of(weekly.id, await sweep(servers[1]!, at(4)))).toEqual(['sent'])
    expect((await chargesOf(weekly.id)).map((c) => c.period)).toEqual([0, 4])
  })
})
