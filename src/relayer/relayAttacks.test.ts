import { wrapFetchWithPayment } from '@x402/fetch'
import { codes } from '../api/testing/graphqlClient.ts'
import { createPaymentLink } from '../api/testing/merchantClient.ts'
import { x402ClientFor } from '../api/x402/testing/x402Setup.ts'
import { DEV_USDC_ADDRESS } from '../chain/tokens.ts'
import { payerWithoutGas, statusOf } from './testing/gasless.ts'
import { useAttackGround } from './testing/relayAttacks.ts'
import { describe, expect, it } from 'vitest'

/** Attacks on a payee's relayer, on two servers and a geth-like node: each costs it at most one revert per payer. */
const g = useAttackGround()

describe.skipIf(g.skip)("attacks on the payee's relayer cost it at most one revert per payer", () => {
  it(
    'eight authorizations from a payer holding the amount once, sent at once to two servers: one is relayed, seven refused',
    { timeout: 120_000 },
    async () => {
      const payee = await g.payeeWithRelayer()
      const attacker = await g.payer(1_000_000n)
      const signed = await Promise.all(Array.from({ length: 8 }, (_, i) => g.signedFor(payee, attacker, i)))
      const answers = await Promise.all(signed.map((s, i) => g.submit(i, s)))
      const relayed = answers.filter((a) => a.data?.payWithAuthorization)
      expect(relayed).toHaveLength(1)
      expect(answers.flatMap((a) => codes(a) ?? [])).toEqual(Array(7).fill('INSUFFICIENT_BALANCE'))
      const relayer = await g.relayerOf(payee.cookie)
      await g.mineAndSettle(relayer.address)
      const paid = signed[answers.indexOf(relayed[0]!)]!.request.id
      await expect.poll(async () => (await statusOf(g.urlOf(0), paid)).status, { timeout: 15_000 }).toBe('paid')
      const d = await g.damage(payee.cookie)
      g.report('eight at once, two servers', d)
      expect(d.reverted).toBe(0)
    },
  )

  it(
    'one after another before the next block, the node simulating on the latest block: only the first is relayed',
    { timeout: 120_000 },
    async () => {
      const payee = await g.payeeWithRelayer()
      const attacker = await g.payer(1_000_000n)
      const results: (string | undefined)[] = []
      for (let i = 0; i < 8; i++) {
        const answer = await g.submit(i, await g.signedFor(payee, attacker, i))
        results.push(answer.data?.payWithAuthorization.state ?? codes(answer)?.[0])
      }
      expect(results).toEqual(['sent', ...Array(7).fill('INSUFFICIENT_BALANCE')])
      const relayer = await g.relayerOf(payee.cookie)
      await g.mineAndSettle(relayer.address)
      const d = await g.damage(payee.cookie)
      g.report('one after another, geth-like node', d)
      expect(d.reverted).toBe(0)
      expect((await g.relaysOf(relayer.address)).map((r) => r.state)).toEqual(['mined'])
    },
  )

  it(
    'a second authorization checked on the block before the first was mined, and stored after that was settled, is refused',
    { timeout: 120_000 },
    async () => {
      const payee = await g.payeeWithRelayer()
      const relayer = await g.relayerOf(payee.cookie)
      const attacker = await g.payer(1_000_000n)
      const first = await g.signedFor(payee, attacker, 0)
      const second = await g.signedFor(payee, attacker, 1)
      expect((await g.submit(0, first)).data?.payWithAuthorization.state).toBe('sent')
      // The second one's simulation is answered about the block before the first is mined, and
      // reaches its server only after the first was mined and settled.
      let simulated!: () => void
      const held = new Promise<void>((resolve) => (simulated = resolve))
      let release!: () => void
      const released = new Promise<void>((resolve) => (release = resolve))
      g.node().rpc.faults.rewriteAnswer = async (method, result) => {
        if (method !== 'eth_estimateGas') return result
        delete g.node().rpc.faults.rewriteAnswer
        simulated()
        await released
        return result
      }
      const answer = g.submit(1, second)
      await held
      await g.node().mine()
      await expect
        .poll(async () => (await g.relaysOf(relayer.address)).map((r) => r.state), { timeout: 15_000 })
        .toEqual(['mined'])
      release()
      expect(codes(await answer)).toEqual(['INSUFFICIENT_BALANCE'])
      await g.mineAndSettle(relayer.address)
      const d = await g.damage(payee.cookie)
      g.report('checked before the first was mined, stored after', d)
      expect(d.reverted).toBe(0)
      expect((await g.relaysOf(relayer.address)).map((r) => r.state)).toEqual(['mined'])
    },
  )

  it(
    'a payer who moves the balance away after submitting costs one revert, then is refused round after round with the reason; an honest payer is relayed meanwhile',
    { timeout: 120_000 },
    async () => {
      const payee = await g.payeeWithRelayer()
      const relayer = await g.relayerOf(payee.cookie)
      const attacker = await g.payer(1_000_000n, { withGas: true })
      const honest = await g.payer(5_000_000n)
      for (let round = 0; round < 3; round++) {
        if (round > 0) await g.node().mining(() => payerWithoutGas(g.node().anvil.rpcUrl, DEV_USDC_ADDRESS, 1_000_000n))
        const attack = await g.signedFor(payee, attacker, round)
        const answer = await g.submit(round, attack)
        if (round === 0) {
          expect(answer.data?.payWithAuthorization.state).toBe('sent')
          await g.moveBalanceAway(attacker)
        } else {
          expect(codes(answer)).toEqual(['GASLESS_REFUSED'])
          expect(answer.errors![0]!.message).toMatch(/failed on chain.*pay with a transaction/)
          const offered = await g.gaslessFor(attack.request.id, attacker.address)
          expect(offered).toMatchObject({ available: false, reason: expect.stringMatching(/failed on chain/) })
        }
        const fair = await g.signedFor(payee, honest, round + 1)
        expect((await g.submit(round + 1, fair)).data?.payWithAuthorization.state).toBe('sent')
        await g.mineAndSettle(relayer.address)
        await expect
          .poll(async () => (await statusOf(g.urlOf(0), fair.request.id)).status, { timeout: 15_000 })
          .toBe('paid')
      }
      const d = await g.damage(payee.cookie)
      g.report('balance moved away, three rounds', d)
      expect(d.reverted).toBe(1)
      expect(d.relayer.pausedAt).toBeNull()
      expect(BigInt(d.relayer.wastedFee)).toBe(d.fees)
      expect(BigInt(d.relayer.wastedGas)).toBeGreaterThan(0n)
      const csv = await (await fetch(`${g.urlOf(1)}/export/relays.csv`, { headers: { cookie: payee.cookie } })).text()
      const wasted = csv
        .trim()
        .split('\n')
        .slice(1)
        .reduce((sum, line) => sum + BigInt(line.split(',').at(-1)!), 0n)
      expect(wasted).toBe(d.fees)
    },
  )

  it(
    'eight x402 payments with no key at all, to a public link, at once on two servers: one pays, seven are refused',
    { timeout: 120_000 },
    async () => {
      const payee = await g.payeeWithRelayer()
      const relayer = await g.relayerOf(payee.cookie)
      const link = await createPaymentLink(g.urlOf(0), payee.cookie, payee.account, {
        title: 'Coffee',
        chainId: 31337,
        asset: DEV_USDC_ADDRESS,
        amount: '1',
      })
      const attacker = await g.payer(1_000_000n)
      const paying = wrapFetchWithPayment(fetch, x402ClientFor(attacker))
      // Blocks keep coming while the settles wait for theirs.
      const miner = setInterval(() => void g.node().mine(), 300)
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) => paying(`${g.urlOf(i)}/x402/l/${link.id!}`)),
      ).finally(() => clearInterval(miner))
      expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(7).fill(402)])
      await g.mineAndSettle(relayer.address)
      const d = await g.damage(payee.cookie)
      g.report('eight x402 payments to a public link', d)
      expect(d.reverted).toBe(0)
      expect((await g.relaysOf(relayer.address)).map((r) => r.state)).toEqual(['mined'])
    },
  )
})
