// Two servers on one PostgreSQL, each its own pool, and one Anvil whose clock moves with theirs.
import { eq } from 'drizzle-orm'
import { erc20Abi, parseEther, type Address } from 'viem'
import { afterAll, beforeAll, inject } from 'vitest'
import { grantedByDevAccount } from '../../../../testing/deleGatorPayer.ts'
import { freePort } from '../../../../testing/freePort.ts'
import { createFreshDatabase } from '../../../../testing/postgresServer.ts'
import { TEST_SECRET_KEY } from '../../../../testing/startTestApp.ts'
import { startTestChain } from '../../../../testing/testChain.ts'
import { alice } from '../../../api/testing/graphqlClient.ts'
import { activeChains, assetsOf } from '../../../chain/chains.ts'
import type { AnvilNode } from '../../../chain/devnet/startAnvil.ts'
import { DEV_USDC_ADDRESS } from '../../../chain/tokens.ts'
import { createDatabase, type Database } from '../../../db/createDatabase.ts'
import { apiKeys, relays, subscriptionCharges, subscriptions } from '../../../db/schema.ts'
import { delegationTypedData } from '../../../domain/delegation.ts'
import { relayersOf, updateRelayerSettings } from '../../../relayer/relayerStore.ts'
import type { RelayerServices } from '../../../relayer/relayerServices.ts'
import { createSecretBox } from '../../../secrets/secretBox.ts'
import { chainClients } from '../../../watcher/testing/payments.ts'
import { createDelegateSignature } from '../../signing/delegateSignature.ts'
import { createSigningPool } from '../../signing/signingPool.ts'
import { chargeDuePeriods } from '../chargeDuePeriods.ts'
import { issueDueCharges } from '../issueDueCharges.ts'
import { activatePlan, preparePlan, verifyPlanSignature, type PlanInput, type PlanRow } from '../planStore.ts'
import { askedPermission } from '../subscriptionPermissions.ts'
import { planTerms, startSubscription } from '../subscriptionStore.ts'

export const postgresUrl = inject('postgresUrl')
export let anvil: AnvilNode
export let servers: Database[] = []
/** The servers' database, for a test that starts one more (a server started again). */
export let databaseUrl: string
export const box = createSecretBox(TEST_SECRET_KEY, 'api key delegates')
export const relayerBox = createSecretBox(TEST_SECRET_KEY, 'relayer keys')
export const pool = createSigningPool({ size: 1 })
export const sign = createDelegateSignature(box, pool.sign)
export const assets = assetsOf(activeChains({ 31337: 'http://unused' }))
export const usdc = (whole: number) => BigInt(whole) * 1_000_000n

beforeAll(async () => {
  if (!postgresUrl) return
  // A port of its own: test files that share this harness run at once.
  anvil = await startTestChain(await freePort())
  databaseUrl = await createFreshDatabase(postgresUrl)
  servers = [
    await createDatabase({ url: databaseUrl, poolSize: 2 }),
    await createDatabase({ url: databaseUrl, poolSize: 2 }),
  ]
  // Alice's relayer on the dev chain, funded and on.
  const [relayer] = await relayersOf(servers[0]!.db, relayerBox, alice.address, [31337])
  await updateRelayerSettings(servers[0]!.db, alice.address, 31337, { enabled: true })
  const { walletOf, publicClient } = chainClients(anvil.rpcUrl)
  const hash = await walletOf(8).sendTransaction({ to: relayer!.address as Address, value: parseEther('1') })
  await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 })
}, 60_000)
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()))
  await pool.close()
  await anvil?.stop()
})

export const clients = () => chainClients(anvil.rpcUrl)
export const client = () => clients().publicClient
export const relayerServices = (database: Database): RelayerServices => ({
  db: database.db,
  box: relayerBox,
  chains: activeChains({ 31337: anvil.rpcUrl }),
  clients: new Map([[31337, client()]]),
  announce: async () => {},
  logger: { info: () => {}, warn: () => {}, error: () => {} } as never,
})
/** One sweep of a server's charger at `now`: the periods begun issued, then the charges due tried. */
export const sweep = async (database: Database, now: Date) => {
  const options = { db: database.db, signAsDelegate: sign, assets, client, now: () => now }
  await issueDueCharges(options)
  return chargeDuePeriods({ ...options, relayer: relayerServices(database) })
}
/** The outcomes of one subscription's charges in a sweep (the others' periods come due as the clock moves too). */
export const of = (id: string, outcomes: Awaited<ReturnType<typeof sweep>>) =>
  outcomes.filter((c) => c.charge.subscriptionId === id).map((c) => c.outcome)
export const chainTime = async () => new Date(Number((await client().getBlock()).timestamp) * 1000)
/** The chain's clock set to `at` (and a block mined there), as the servers' clock is. */
export const moveChainTo = async (at: Date) => {
  await clients().testClient.setNextBlockTimestamp({ timestamp: BigInt(Math.floor(at.getTime() / 1000)) })
  await clients().testClient.mine({ blocks: 1 })
}
export const balanceOf = (address: string) =>
  client().readContract({
    address: DEV_USDC_ADDRESS,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [address as Address],
  })

/** A plan of alice's, authorised by her wallet's signature of its delegation. */
export async function plan(input: Partial<PlanInput> = {}): Promise<PlanRow> {
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
  return activatePlan(db, await verifyPlanSignature(db, client(), alice.address, prepared.id, signature), signature)
}

/** Dev account `payer` starts `planRow` now by the chain's clock, its wallet granting what the plan asks. */
export async function subscribe(planRow: PlanRow, payer: number) {
  const startsAt = await chainTime()
  const terms = await planTerms(servers[0]!.db, planRow, startsAt)
  const answer = await grantedByDevAccount(anvil.rpcUrl, payer, askedPermission(terms))
  return startSubscription(
    servers[0]!.db,
    planRow,
    { permission: answer, startTime: startsAt.getTime() / 1000 },
    startsAt,
  )
}

export const chargesOf = (id: string) =>
  servers[0]!.db
    .select()
    .from(subscriptionCharges)
    .where(eq(subscriptionCharges.subscriptionId, id))
    .orderBy(subscriptionCharges.period)
export const relaysOf = async (id: string) =>
  servers[0]!.db
    .select({ state: relays.state, requestId: relays.requestId })
    .from(relays)
    .innerJoin(subscriptionCharges, eq(subscriptionCharges.requestId, relays.requestId))
    .where(eq(subscriptionCharges.subscriptionId, id))
export const stateOf = async (id: string) =>
  (await servers[0]!.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!.state
