import { eq } from 'drizzle-orm'
import { encodeFunctionData, parseEther, parseGwei, type Address } from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, expect, inject } from 'vitest'
import { freePort } from '../../../testing/freePort.ts'
import { startGethLikeNode, type GethLikeNode } from '../../../testing/gethLikeNode.ts'
import { createFreshDatabase } from '../../../testing/postgresServer.ts'
import { startTestApp, type TestApp } from '../../../testing/startTestApp.ts'
import { graphql } from '../../api/testing/graphqlClient.ts'
import { createRequest } from '../../api/testing/paymentRequestInput.ts'
import { testUsdcAbi } from '../../chain/devnet/testUsdcArtifact.ts'
import { DEV_USDC_ADDRESS } from '../../chain/tokens.ts'
import { chainClients } from '../../watcher/testing/payments.ts'
import { createDatabase, type Database } from '../../db/createDatabase.ts'
import { relays } from '../../db/schema.ts'
import {
  newPayee,
  payerWithoutGas,
  payGasless,
  signedAuthorization,
  turnOnRelayer,
  type TypedAuthorization,
} from './gasless.ts'

export type Payee = Awaited<ReturnType<typeof newPayee>>
export type RelayerFigures = {
  address: Address
  revertBudget: number
  pausedAt: string | null
  pausedReason: string | null
  wastedGas: string
  wastedFee: string
}
const RELAYER = 'query { myRelayers { chainId address revertBudget pausedAt pausedReason wastedGas wastedFee } }'

/**
 * Two servers sharing one PostgreSQL database, in front of a node that simulates as geth does (on
 * the latest mined block, blind to its pool; a block is mined when the test says): the ground the
 * attacks on a payee's relayer are played on, with what an attacker does and what a test counts.
 */
export function useAttackGround() {
  const postgresUrl = inject('postgresUrl')
  let node: GethLikeNode
  let database: Database
  let servers: TestApp[] = []
  beforeAll(async () => {
    if (!postgresUrl) return
    node = await startGethLikeNode(await freePort())
    const databaseUrl = await createFreshDatabase(postgresUrl)
    database = await createDatabase({ url: databaseUrl })
    const start = () =>
      startTestApp({
        anvilUrl: node.rpc.url,
        databaseUrl,
        rateLimitPerMinute: 0,
        webhooksAllowPrivate: true,
        relayMonitor: { intervalMs: 200 },
      })
    servers = [await start(), await start()]
  }, 120_000)
  afterAll(async () => {
    for (const server of servers) await server.close()
    await database?.close()
    await node?.stop()
  })

  const urlOf = (i: number) => servers[i % 2]!.url
  const clients = () => chainClients(node.anvil.rpcUrl)
  const relaysOf = (relayer: string) => database.db.select().from(relays).where(eq(relays.relayer, relayer))
  const relayerOf = async (cookie: string) =>
    (await graphql<{ myRelayers: RelayerFigures[] }>(urlOf(0), RELAYER, { cookie })).data!.myRelayers[0]!

  /** A request of 1 USDC from `payee`, and `from`'s authorization for it, signed through server `i`. */
  async function signedFor(
    payee: Payee,
    from: PrivateKeyAccount,
    i = 0,
    change?: (t: TypedAuthorization) => TypedAuthorization,
  ) {
    const request = await createRequest(urlOf(i), payee.cookie, payee.account, { amount: '1' })
    return { request, ...(await signedAuthorization(urlOf(i), request.id, from, change ? { change } : {})) }
  }

  /** Reverted relays (in all, and at most per payer), what they and fills cost, and the relayer's own figures. */
  async function damage(cookie: string) {
    const relayer = await relayerOf(cookie)
    const rows = await relaysOf(relayer.address)
    const reverted = rows.filter((r) => r.state === 'reverted')
    const perPayer = new Map<string, number>()
    for (const r of reverted) perPayer.set(r.payer!, (perPayer.get(r.payer!) ?? 0) + 1)
    const fees = rows.filter((r) => r.state === 'reverted' || r.fillHash).reduce((sum, r) => sum + BigInt(r.fee!), 0n)
    return { relayer, reverted: reverted.length, perPayer: Math.max(0, ...perPayer.values()), fees }
  }
  type Signed = Awaited<ReturnType<typeof signedFor>>
  type Damage = Awaited<ReturnType<typeof damage>>

  return {
    skip: !postgresUrl,
    node: () => node,
    db: () => database.db,
    urlOf,
    clients,
    relaysOf,
    relayerOf,

    /** A payee on the first server whose relayer is funded and on. */
    async payeeWithRelayer(): Promise<Payee> {
      const payee = await newPayee(urlOf(0))
      await node.mining(() => turnOnRelayer(urlOf(0), node.anvil.rpcUrl, payee.cookie, { fund: parseEther('1') }))
      return payee
    },

    /** A payer holding `usdc` base units; with a little ETH when it is to move its balance away itself. */
    payer(usdc: bigint, { withGas = false } = {}) {
      return node.mining(async () => {
        const account = await payerWithoutGas(node.anvil.rpcUrl, DEV_USDC_ADDRESS, usdc)
        if (withGas) {
          const { walletOf, publicClient } = clients()
          const hash = await walletOf(7).sendTransaction({ to: account.address, value: parseEther('0.01') })
          await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 })
        }
        return account
      })
    },

    signedFor,

    submit(i: number, s: Signed) {
      return payGasless(urlOf(i), s.request.id, s.authorization, s.signature)
    },

    /** The payer moves its whole balance away, tipping more than the relay so it is mined first. */
    async moveBalanceAway(from: PrivateKeyAccount) {
      const balance = await clients().publicClient.readContract({
        address: DEV_USDC_ADDRESS,
        abi: testUsdcAbi,
        functionName: 'balanceOf',
        args: [from.address],
      })
      // Signed here with its own gas: a node estimating it would see the relay waiting in its pool.
      const { publicClient } = clients()
      const raw = await from.signTransaction({
        chainId: foundry.id,
        type: 'eip1559',
        to: DEV_USDC_ADDRESS,
        data: encodeFunctionData({
          abi: testUsdcAbi,
          functionName: 'transfer',
          args: ['0x000000000000000000000000000000000000dEaD', balance],
        }),
        gas: 100_000n,
        nonce: await publicClient.getTransactionCount({ address: from.address, blockTag: 'pending' }),
        maxPriorityFeePerGas: parseGwei('50'),
        maxFeePerGas: parseGwei('100'),
      })
      await publicClient.sendRawTransaction({ serializedTransaction: raw })
    },

    /** Mines a block, then waits for the monitors to settle every relay sent before it. */
    async mineAndSettle(relayer: string) {
      await node.mine()
      let minedAt = Date.now()
      await expect
        .poll(
          async () => {
            const open = (await relaysOf(relayer)).filter((r) => r.state === 'sent' || r.state === 'signed').length
            // A busy machine's monitor may sign a version again after the block: it needs one more.
            if (open > 0 && Date.now() - minedAt > 2_000) {
              await node.mine()
              minedAt = Date.now()
            }
            return open
          },
          { timeout: 20_000, interval: 100 },
        )
        .toBe(0)
    },

    damage,

    /** The figures of an attack, printed for the record. */
    report(attack: string, d: Damage) {
      console.log(
        `[relay attack] ${attack}: ${d.reverted} reverted relay(s), ${d.perPayer} at most per payer, wasted gas ${d.relayer.wastedGas}, wasted fee ${d.relayer.wastedFee} wei`,
      )
    },

    /** Whether the pay page offers paying without gas for a request (to a connected payer, if given). */
    async gaslessFor(requestId: string, payer?: string) {
      return (
        await graphql<{ paymentRequest: { gasless: { available: boolean; reason: string | null } } }>(
          urlOf(1),
          'query($id: String!, $payer: String) { paymentRequest(id: $id) { gasless(payer: $payer) { available reason } } }',
          { variables: { id: requestId, payer } },
        )
      ).data!.paymentRequest.gasless
    },
  }
}
