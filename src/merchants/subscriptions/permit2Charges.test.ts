import { erc20Abi } from 'viem'
import { describe, expect, it, vi } from 'vitest'
import { alice } from '../../api/testing/graphqlClient.ts'
import { DEV_USDC_ADDRESS } from '../../chain/tokens.ts'
import { PERMIT2_ADDRESS, permit2Abi } from '../../domain/permit2/permit2.ts'
import { subscriptionPeriodStart } from '../../domain/subscription/subscriptionCalendar.ts'
import { readPermit2Allowance, type StoredPermit2 } from '../../payments/subscriptions/permit2/permit2Grant.ts'
import { relayerAccountAt } from '../../relayer/relayerStore.ts'
import { cancelByPayer, startSubscription } from './subscriptionStore.ts'
import {
  balanceOf,
  chainTime,
  chargesOf,
  client,
  moveChainTo,
  of,
  plan,
  postgresUrl,
  relayerBox,
  relaysOf,
  servers,
  stateOf,
  sweep,
  usdc,
} from './testing/chargingHarness.ts'
import { signedPermit2, subscribeWithPermit2 } from './testing/permit2Payer.ts'

const permitOf = (row: { permission: unknown }) => row.permission as StoredPermit2

/** The relayer's own key calling Permit2 directly, as a compromised Billfold would. */
async function relayerCalls(stored: StoredPermit2, amount: bigint) {
  const relayer = await relayerAccountAt(servers[0]!.db, relayerBox, stored.permit.spender)
  return client().simulateContract({
    account: relayer,
    address: PERMIT2_ADDRESS,
    abi: permit2Abi,
    functionName: 'transferFrom',
    args: [stored.owner, relayer.address, amount, stored.permit.token],
  })
}

describe.skipIf(!postgresUrl)('charging subscriptions through Permit2', () => {
  it('charges twelve monthly periods once each across two servers, straight from payer to payee; past the end the chain refuses the relayer', async () => {
    const { row: monthly, ask } = await subscribeWithPermit2(await plan(), 1)
    expect(ask.total).toBe(usdc(12 * 25))
    const payeeBefore = await balanceOf(alice.address)
    for (let period = 0; period < 13; period++) {
      const now = new Date(subscriptionPeriodStart(monthly, period).getTime() + 3600_000)
      await moveChainTo(now)
      const both = await Promise.all(servers.map((server) => sweep(server, now)))
      expect(both.flat().map((c) => [c.charge.period, c.outcome])).toEqual(period < 12 ? [[period, 'sent']] : [])
      // Mined before the clock moves on: a charge landing in the next period's block would spend that period's allowance.
      const paid = payeeBefore + usdc(Math.min(period + 1, 12) * 25)
      await vi.waitFor(async () => expect(await balanceOf(alice.address)).toBe(paid), {
        timeout: 30_000,
        interval: 100,
      })
    }
    // Twelve charges and, before the first, the payer's permit.
    const sent = await relaysOf(monthly.id)
    expect(sent.length).toBe(13)
    expect(new Set(sent.map((r) => r.requestId)).size).toBe(12)
    expect(await balanceOf(alice.address)).toBe(payeeBefore + usdc(12 * 25))
    expect((await chargesOf(monthly.id)).map((c) => c.period)).toEqual([...Array(12).keys()])
    expect(await stateOf(monthly.id)).toBe('ended')
    // The total is spent and the allowance has expired: the relayer's own key is refused by Permit2.
    await expect(relayerCalls(permitOf(monthly), 1n)).rejects.toThrow(/AllowanceExpired|InsufficientAllowance/)
  })

  it("the relayer's own key cannot take more than the allowance left, nor anything after its expiration", async () => {
    const { row: weekly } = await subscribeWithPermit2(await plan({ interval: 'week', count: 4 }), 2)
    const stored = permitOf(weekly)
    const now = new Date(weekly.startsAt.getTime() + 3600_000)
    await moveChainTo(now)
    expect(of(weekly.id, await sweep(servers[0]!, now))).toEqual(['sent'])
    const left = await readPermit2Allowance(client(), stored.owner, stored.permit.token, stored.permit.spender)
    expect(left.amount).toBe(usdc(3 * 25))
    await expect(relayerCalls(stored, usdc(3 * 25) + 1n)).rejects.toThrow(/InsufficientAllowance/)
    await relayerCalls(stored, usdc(3 * 25))
    await moveChainTo(new Date((stored.permit.expiration + 10) * 1000))
    await expect(relayerCalls(stored, 1n)).rejects.toThrow(/AllowanceExpired/)
  })

  it('a payer who revoked the allowance on chain: the next charge is not attempted and the subscription reads cancelled by the payer', async () => {
    const { row: monthly, payer } = await subscribeWithPermit2(await plan(), 3)
    const stored = permitOf(monthly)
    const start = new Date(monthly.startsAt.getTime() + 3600_000)
    await moveChainTo(start)
    expect(of(monthly.id, await sweep(servers[0]!, start))).toEqual(['sent'])
    await expect(cancelByPayer(servers[0]!.db, client(), monthly.id)).rejects.toMatchObject({
      code: 'PERMISSION_MISMATCH',
    })
    await payer.waitForTransactionReceipt({
      hash: await payer.writeContract({
        address: PERMIT2_ADDRESS,
        abi: permit2Abi,
        functionName: 'approve',
        args: [stored.permit.token, stored.permit.spender, 0n, 0],
      }),
      pollingInterval: 20,
    })
    const next = new Date(subscriptionPeriodStart(monthly, 1).getTime() + 3600_000)
    await moveChainTo(next)
    expect(of(monthly.id, await sweep(servers[1]!, next))).toEqual(['cancelled'])
    expect((await relaysOf(monthly.id)).filter((r) => r.requestId).length).toBe(2)
    expect(await stateOf(monthly.id)).toBe('cancelled_by_payer')
  })

  it('a payer who cancels during the trial spends the unused permit’s nonce, and Billfold then reads it cancelled', async () => {
    const trial = await plan({ trialDays: 7 })
    const now = await chainTime()
    const startsAt = new Date(now.getTime() + 7 * 86_400_000)
    const { answer, payer, ask } = await signedPermit2(trial, 4, startsAt)
    const row = await startSubscription(
      servers[0]!.db,
      trial,
      { permission: answer, startTime: startsAt.getTime() / 1000 },
      now,
      undefined,
      client(),
    )
    await payer.waitForTransactionReceipt({
      hash: await payer.writeContract({
        address: PERMIT2_ADDRESS,
        abi: permit2Abi,
        functionName: 'invalidateNonces',
        args: [ask.token, ask.spender, permitOf(row).permit.nonce + 1],
      }),
      pollingInterval: 20,
    })
    expect((await cancelByPayer(servers[0]!.db, client(), row.id)).state).toBe('cancelled_by_payer')
  })

  it('a balance too low makes the period past due before anything is sent', async () => {
    const { row: monthly, payer } = await subscribeWithPermit2(await plan(), 5)
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
    const at = new Date(monthly.startsAt.getTime() + 3600_000)
    await moveChainTo(at)
    expect(of(monthly.id, await sweep(servers[0]!, at))).toEqual(['past_due'])
    expect((await chargesOf(monthly.id))[0]!.reasonCode).toBe('balance_too_low')
    expect(await relaysOf(monthly.id)).toEqual([])
  })

  it('refuses a permit wider than the plan asks, naming the field, and stores nothing', async () => {
    const pro = await plan()
    const startsAt = await chainTime()
    const { answer } = await signedPermit2(pro, 6, startsAt)
    const wider = { ...answer, permit: { ...(answer.permit as object), spender: alice.address } }
    await expect(
      startSubscription(
        servers[0]!.db,
        pro,
        { permission: wider, startTime: startsAt.getTime() / 1000 },
        startsAt,
        undefined,
        client(),
      ),
    ).rejects.toMatchObject({ code: 'BAD_USER_INPUT', field: 'permission.spender' })
  })
})
