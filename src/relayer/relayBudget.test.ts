import { and, eq } from 'drizzle-orm'
import { parseGwei, type Hash } from 'viem'
import { describe, expect, it } from 'vitest'
import { startWebhookReceiver } from '../../testing/webhookReceiver.ts'
import { codes, graphql } from '../api/testing/graphqlClient.ts'
import { testUsdcAbi } from '../chain/devnet/testUsdcArtifact.ts'
import { DEV_USDC_ADDRESS } from '../chain/tokens.ts'
import { emailAddresses, emailOutbox } from '../db/schema.ts'
import { statusOf } from './testing/gasless.ts'
import { useAttackGround } from './testing/relayAttacks.ts'

/** Waves of attackers and a congested pool: the relayer's revert budget, its pause, and nonces filled by the chain's clock. */
const g = useAttackGround()

describe.skipIf(g.skip)("a relayer's revert budget and the chain's clock", () => {
  it(
    'waves of payers doing it: the relayer pauses at its budget, tells the payee (card, e-mail, webhook), offers the normal way to pay, and resumes',
    { timeout: 120_000 },
    async () => {
      const payee = await g.payeeWithRelayer()
      const relayer = await g.relayerOf(payee.cookie)
      expect(relayer.revertBudget).toBe(3)
      const receiver = await startWebhookReceiver()
      const endpoint = await graphql(
        g.urlOf(0),
        'mutation($url: String!) { createWebhookEndpoint(url: $url, events: ["relayer.paused"]) { secret } }',
        { variables: { url: `${receiver.url}/hooks` }, cookie: payee.cookie },
      )
      expect(endpoint.errors).toBeUndefined()
      await g
        .db()
        .insert(emailAddresses)
        .values({
          payee: payee.account.address,
          address: 'payee@example.com',
          language: 'en',
          notices: ['relayer_paused'],
          confirmedAt: new Date(),
        })
      const honest = await g.payer(10_000_000n)
      let refusedBusy = 0
      for (let wave = 0; wave < 3; wave++) {
        // One after the other: the dev accounts that fund them send one transaction at a time.
        const attackers = [await g.payer(1_000_000n, { withGas: true }), await g.payer(1_000_000n, { withGas: true })]
        const attacks = await Promise.all(attackers.map((a, i) => g.signedFor(payee, a, i)))
        const answers = await Promise.all(attacks.map((s, i) => g.submit(i, s)))
        const sent = attackers.filter((_, i) => answers[i]!.data?.payWithAuthorization.state === 'sent')
        refusedBusy += answers.filter((a) => codes(a)?.[0] === 'GASLESS_UNAVAILABLE').length
        if (wave === 0) {
          const fair = await g.signedFor(payee, honest, 1)
          expect((await g.submit(1, fair)).data?.payWithAuthorization.state).toBe('sent')
        }
        for (const a of sent) await g.moveBalanceAway(a)
        await g.mineAndSettle(relayer.address)
      }
      const d = await g.damage(payee.cookie)
      g.report('three waves of two payers', d)
      expect(d.reverted).toBe(3)
      expect(d.perPayer).toBe(1)
      expect(refusedBusy).toBe(3)
      expect(d.relayer.pausedAt).not.toBeNull()
      expect(d.relayer.pausedReason).toMatch(/3 relays reverted within the hour/)

      const later = await g.signedFor(payee, honest, 0)
      expect(await g.gaslessFor(later.request.id)).toMatchObject({
        available: false,
        reason: expect.stringMatching(/paused payments without gas.*pay with a transaction/),
      })
      expect(codes(await g.submit(0, later))).toEqual(['GASLESS_UNAVAILABLE'])
      await expect.poll(() => receiver.events('relayer.paused').length, { timeout: 15_000 }).toBe(1)
      expect(receiver.events('relayer.paused')[0]!.json.data.relayer).toMatchObject({ address: relayer.address })
      const notices = await g
        .db()
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.payee, payee.account.address), eq(emailOutbox.kind, 'relayer_paused')))
      expect(notices).toHaveLength(1)
      await receiver.close()

      const resumed = await graphql(
        g.urlOf(1),
        'mutation { updateRelayer(chainId: 31337, resume: true) { pausedAt } }',
        {
          cookie: payee.cookie,
        },
      )
      expect(resumed.data).toEqual({ updateRelayer: { pausedAt: null } })
      // The pay page's view of the relayer's balance may be two seconds old.
      await expect
        .poll(() => g.gaslessFor(later.request.id), { timeout: 5_000 })
        .toEqual({ available: true, reason: null })
      expect((await g.submit(1, later)).data?.payWithAuthorization.state).toBe('sent')
      await g.mineAndSettle(relayer.address)
      await expect
        .poll(async () => (await statusOf(g.urlOf(0), later.request.id)).status, { timeout: 15_000 })
        .toBe('paid')
    },
  )

  it(
    'an authorization expiring while the pool is congested is never re-signed: its nonce is filled without moving money, and the next relay lands',
    { timeout: 120_000 },
    async () => {
      const payee = await g.payeeWithRelayer()
      const relayer = await g.relayerOf(payee.cookie)
      const { publicClient, testClient } = g.clients()
      const from = await g.payer(1_000_000n)
      const chainTime = (await publicClient.getBlock()).timestamp
      const validBefore = chainTime + 90n
      const stuck = await g.signedFor(payee, from, 0, (t) => ({
        ...t,
        message: { ...t.message, validBefore: String(validBefore) },
      }))
      expect((await g.submit(0, stuck)).data?.payWithAuthorization).toMatchObject({ state: 'sent' })
      // The pool is congested: the base fee jumps far above what the relay bid, block after block.
      const congest = () =>
        testClient.request({
          method: 'anvil_setNextBlockBaseFeePerGas',
          params: [`0x${parseGwei('100').toString(16)}`],
        } as never)
      await congest()
      await g.node().mine()
      await congest()
      await testClient.setNextBlockTimestamp({ timestamp: validBefore + 1n })
      await g.node().mine()
      await expect
        .poll(async () => (await g.relaysOf(relayer.address))[0]!.fillHash, { timeout: 15_000, interval: 100 })
        .toMatch(/^0x/)
      await g.mineAndSettle(relayer.address)
      const [row] = await g.relaysOf(relayer.address)
      expect(row).toMatchObject({ state: 'expired', transactionHash: row!.fillHash })
      const fill = await publicClient.getTransaction({ hash: row!.fillHash as Hash })
      expect(fill).toMatchObject({ from: relayer.address.toLowerCase(), to: relayer.address.toLowerCase(), value: 0n })
      expect(
        await publicClient.readContract({
          address: DEV_USDC_ADDRESS,
          abi: testUsdcAbi,
          functionName: 'balanceOf',
          args: [from.address],
        }),
      ).toBe(1_000_000n)

      const next = await g.signedFor(payee, from, 1)
      // The nonce after the filled one: nothing holds it (the fees of the congestion may still have it signed again).
      expect((await g.submit(1, next)).data?.payWithAuthorization.nonce).toBe(1)
      await expect
        .poll(
          async () => {
            await g.node().mine()
            return (await statusOf(g.urlOf(0), next.request.id)).status
          },
          { timeout: 30_000, interval: 500 },
        )
        .toBe('paid')
      await g.mineAndSettle(relayer.address)
      const d = await g.damage(payee.cookie)
      g.report('expiry in a congested pool', d)
      expect(d.reverted).toBe(0)
      expect(BigInt(d.relayer.wastedFee)).toBe(BigInt(row!.fee!))
      expect(d.relayer.wastedGas).toBe('21000')
    },
  )

  it(
    "refuses an authorization that ends before a relay could be mined by the chain's clock, ahead of the server's",
    { timeout: 120_000 },
    async () => {
      const payee = await g.payeeWithRelayer()
      const relayer = await g.relayerOf(payee.cookie)
      const { publicClient, testClient } = g.clients()
      const from = await g.payer(1_000_000n)
      const chainTime = (await publicClient.getBlock()).timestamp
      await testClient.setNextBlockTimestamp({ timestamp: chainTime + 7_200n })
      await g.node().mine()
      // Valid for an hour by the server's clock, which is two hours behind the chain's.
      const late = await g.signedFor(payee, from, 1)
      const answer = await g.submit(1, late)
      expect(codes(answer)).toEqual(['AUTHORIZATION_EXPIRED'])
      expect(answer.errors![0]!.extensions?.field).toBe('authorization.validBefore')
      expect(await g.relaysOf(relayer.address)).toEqual([])
    },
  )
})
