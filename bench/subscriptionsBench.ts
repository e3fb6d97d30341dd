import { eq, inArray } from 'drizzle-orm'
import {
  createWalletClient,
  erc20Abi,
  http,
  parseEther,
  publicActions,
  type Address,
  type Hash,
  type PublicClient,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { alice } from '../src/api/testing/graphqlClient.ts'
import { activeChains, assetsOf, devChain } from '../src/chain/chains.ts'
import { createChainRpc } from '../src/chain/rpc/chainRpc.ts'
import { DEV_USDC_ADDRESS } from '../src/chain/tokens.ts'
import { createDatabase, type Database } from '../src/db/createDatabase.ts'
import { apiKeys, paymentRequests, relays, subscriptionCharges } from '../src/db/schema.ts'
import { delegationTypedData } from '../src/domain/delegation.ts'
import { executionPermissionRequest } from '../src/domain/periodicPermission/executionPermission.ts'
import { grantPeriodicPermission } from '../src/domain/periodicPermission/grantPermission.ts'
import { subscriptionPeriodStart } from '../src/domain/subscription/subscriptionCalendar.ts'
import { createDelegateSignature } from '../src/merchants/signing/delegateSignature.ts'
import { createSigningPool } from '../src/merchants/signing/signingPool.ts'
import { chargeDuePeriods } from '../src/merchants/subscriptions/chargeDuePeriods.ts'
import { issueDueCharges } from '../src/merchants/subscriptions/issueDueCharges.ts'
import { activatePlan, preparePlan, verifyPlanSignature } from '../src/merchants/subscriptions/planStore.ts'
import { askedPermission } from '../src/merchants/subscriptions/subscriptionPermissions.ts'
import { planTerms, startSubscription, type SubscriptionRow } from '../src/merchants/subscriptions/subscriptionStore.ts'
import { relayersOf, updateRelayerSettings } from '../src/relayer/relayerStore.ts'
import type { RelayerServices } from '../src/relayer/relayerServices.ts'
import { createSecretBox } from '../src/secrets/secretBox.ts'
import { createChainWatcher } from '../src/watcher/watchChain.ts'
import { chainClients } from '../src/watcher/testing/payments.ts'
import { keyedDevAccount } from '../testing/deleGatorPayer.ts'
import { createFreshDatabase, type PostgresServer } from '../testing/postgresServer.ts'
import { TEST_SECRET_KEY } from '../testing/startTestApp.ts'
import { startTestChain } from '../testing/testChain.ts'
import { withPostgres } from './benchProcess.ts'
import { median, ms, percentile } from './stats.ts'

/** 200 by default (a few minutes); `BENCH_SUBSCRIPTIONS=1000 npm run bench -- subscriptions` for the issue's thousand. */
const SUBSCRIPTIONS = Number(process.env.BENCH_SUBSCRIPTIONS ?? 200)
/** Payers set up at once: each upgrades its own account and signs its grant. */
const SETUP_CONCURRENCY = 16
const usdc = (whole: number) => BigInt(whole) * 1_000_000n

/** Runs `work` over `items`, `concurrency` at a time. */
async function inPool<T>(items: readonly T[], concurrency: number, work: (item: T, index: number) => Promise<void>) {
  let next = 0
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const index = next++
        await work(items[index]!, index)
      }
    }),
  )
}

/**
 * Two servers (each its own pool) on one PostgreSQL, one Anvil mining each transaction at once,
 * alice's relayer funded and on, a monthly plan of hers, and `count` payers (fresh keys, upgraded
 * with EIP-7702, holding the token) each subscribed with the same first period's start.
 */
async function setUp(postgres: PostgresServer, count: number) {
  const anvil = await startTestChain(8596)
  const rpcUrl = anvil.rpcUrl
  const url = await createFreshDatabase(postgres.url)
  const servers = [await createDatabase({ url, poolSize: 4 }), await createDatabase({ url, poolSize: 4 })]
  const db = servers[0]!.db
  const { publicClient, testClient } = chainClients(rpcUrl)
  const client = () => publicClient as PublicClient
  const chains = activeChains({ 31337: rpcUrl })
  const assets = assetsOf(chains)
  const box = createSecretBox(TEST_SECRET_KEY, 'api key delegates')
  const relayerBox = createSecretBox(TEST_SECRET_KEY, 'relayer keys')
  const pool = createSigningPool({ size: 2 })
  const sign = createDelegateSignature(box, pool.sign)

  const [relayer] = await relayersOf(db, relayerBox, alice.address, [31337])
  await updateRelayerSettings(db, alice.address, 31337, { enabled: true })
  await testClient.setBalance({ address: relayer!.address as Address, value: parseEther('1000') })

  const { plan: prepared } = await preparePlan(db, box, assets, alice.address, {
    chainId: 31337,
    asset: DEV_USDC_ADDRESS,
    amount: '25',
    name: 'Bench plan',
    interval: 'month',
    count: 12,
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
  const plan = await activatePlan(
    db,
    await verifyPlanSignature(db, client(), alice.address, prepared.id, signature),
    signature,
  )

  // Every payer's first period starts at one moment, a little after the set-up is done by the chain's clock.
  const startsAt = new Date((Number((await publicClient.getBlock()).timestamp) + 3600) * 1000)
  const terms = await planTerms(db, plan, startsAt)
  const permission = askedPermission(terms)
  const minter = keyedDevAccount(rpcUrl, 0)
  const keys = Array.from({ length: count }, () => generatePrivateKey())
  const subscribed: SubscriptionRow[] = []
  await inPool(keys, SETUP_CONCURRENCY, async (privateKey) => {
    const wallet = createWalletClient({
      chain: devChain(rpcUrl),
      transport: http(rpcUrl),
      account: privateKeyToAccount(privateKey),
    }).extend(publicActions)
    await testClient.setBalance({ address: wallet.account.address, value: parseEther('1') })
    const request = executionPermissionRequest(permission, 31337, 'Bench plan', wallet.account.address)
    const granted = await grantPeriodicPermission(wallet, permission, request)
    subscribed.push(
      await startSubscription(db, plan, { permission: [granted], startTime: startsAt.getTime() / 1000 }, startsAt),
    )
  })
  // Each payer holds a year of the plan (the dev token mints to anyone), one mint after the other from one account.
  const mints: Hash[] = []
  for (const row of subscribed)
    mints.push(
      await minter.writeContract({
        address: DEV_USDC_ADDRESS,
        abi: [
          {
            type: 'function',
            name: 'mint',
            stateMutability: 'nonpayable',
            inputs: [
              { name: 'to', type: 'address' },
              { name: 'amount', type: 'uint256' },
            ],
            outputs: [],
          },
        ] as const,
        functionName: 'mint',
        args: [row.payer as Address, usdc(300)],
      }),
    )
  await publicClient.waitForTransactionReceipt({ hash: mints.at(-1)!, pollingInterval: 50 })

  const relayerOf = (database: Database): RelayerServices => ({
    db: database.db,
    box: relayerBox,
    chains,
    clients: new Map([[31337, client()]]),
    announce: async () => {},
    logger: { info: () => {}, warn: () => {}, error: () => {} } as never,
  })
  /** One sweep of a server's charger at `now`: the periods begun issued, then the charges due tried. */
  const sweep = async (database: Database, now: Date) => {
    const options = { db: database.db, signAsDelegate: sign, assets, client, now: () => now }
    const begun = performance.now()
    const issued = await issueDueCharges(options)
    const issuedAfter = performance.now() - begun
    const charged = await chargeDuePeriods({ ...options, relayer: relayerOf(database) })
    return { issued, charged, issuedAfter }
  }
  const moveChainTo = async (at: Date) => {
    await testClient.setNextBlockTimestamp({ timestamp: BigInt(Math.floor(at.getTime() / 1000)) })
    await testClient.mine({ blocks: 1 })
  }
  // The chain's watcher, as a server runs it, to see each charge's transfer make its request *paid*.
  const watcher = createChainWatcher({
    database: servers[0]!,
    chain: chains[0]!,
    rpc: createChainRpc({ chain: chains[0]!.chain, urls: [rpcUrl], timeoutMs: 10_000, maxWaitMs: 30_000 }),
  })
  return {
    servers,
    subscribed,
    sweep,
    moveChainTo,
    watcher,
    publicClient,
    rpcUrl,
    close: async () => {
      await Promise.all(servers.map((s) => s.close()))
      await pool.close()
      await anvil.stop()
    },
  }
}

type Bench = Awaited<ReturnType<typeof setUp>>

/**
 * Moves both clocks to the start of `period` (every subscription's comes at that moment) and lets
 * `chargers` servers sweep at once, the watcher passing beside them until every period's request
 * is *paid*. Answers the wall time of the sweeps and, per charge, from the period's start to *paid*.
 */
async function chargePeriod(bench: Bench, period: number, chargers: number) {
  const start = subscriptionPeriodStart(bench.subscribed[0]!, period)
  await bench.moveChainTo(start)
  await bench.watcher.runOnce()
  const begun = performance.now()
  let sweepsDone = false
  const sweeps = Promise.all(bench.servers.slice(0, chargers).map((server) => bench.sweep(server, start))).then(
    (outcomes) => {
      sweepsDone = true
      return { outcomes, seconds: (performance.now() - begun) / 1000 }
    },
  )
  const paidAfter = new Map<string, number>()
  // Until every sent charge's request reads paid, or the watcher has passed a while after the sweeps with nothing new.
  for (let idle = 0; idle < 20;) {
    const pass = await bench.watcher.runOnce()
    const at = performance.now() - begun
    for (const id of pass.changed) if (!paidAfter.has(id)) paidAfter.set(id, at)
    if (!sweepsDone) continue
    const sent = (await sweeps).outcomes.flatMap((o) => o.charged.filter((c) => c.outcome === 'sent'))
    if (sent.every((c) => paidAfter.has(c.charge.requestId))) break
    idle = pass.changed.length === 0 ? idle + 1 : 0
  }
  const { outcomes, seconds } = await sweeps
  const db = bench.servers[0]!.db
  const charges = await db.select().from(subscriptionCharges).where(eq(subscriptionCharges.period, period))
  const paid = await db
    .select({ id: paymentRequests.id })
    .from(paymentRequests)
    .where(inArray(paymentRequests.status, ['paid']))
  const paidIds = new Set(paid.map((r) => r.id))
  const toPaid = charges.filter((c) => paidIds.has(c.requestId)).map((c) => paidAfter.get(c.requestId)!)
  return {
    seconds,
    perServer: outcomes.map((o) => o.charged.filter((c) => c.outcome === 'sent').length),
    issuedPerServer: outcomes.map((o) => o.issued.length),
    issueSeconds: Math.max(...outcomes.map((o) => o.issuedAfter)) / 1000,
    charges: charges.length,
    paid: toPaid.length,
    toPaid,
  }
}

/**
 * The gas of a charge (from its receipt) in a permission's first period (its period's storage written
 * the first time) and in a later one, beside a plain ERC-20 transfer's between two accounts that hold the token.
 */
async function gasOfCharges(bench: Bench) {
  const gasOfPeriod = async (period: number) => {
    const [relay] = await bench.servers[0]!.db.select({ hashes: relays.transactionHashes })
      .from(relays)
      .innerJoin(subscriptionCharges, eq(subscriptionCharges.relayId, relays.id))
      .where(eq(subscriptionCharges.period, period))
      .limit(1)
    return (await bench.publicClient.getTransactionReceipt({ hash: relay!.hashes![0] as Hash })).gasUsed
  }
  const payer = keyedDevAccount(bench.rpcUrl, 1)
  const hash = await payer.writeContract({
    address: DEV_USDC_ADDRESS,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [alice.address, usdc(25)],
  })
  const plainGas = (await payer.waitForTransactionReceipt({ hash, pollingInterval: 50 })).gasUsed
  return { first: await gasOfPeriod(0), later: await gasOfPeriod(1), plainGas }
}

function printPeriod(label: string, result: Awaited<ReturnType<typeof chargePeriod>>) {
  const s = (value: number) => `${(value / 1000).toFixed(2)} s`
  console.log(
    `  ${label}: ${(result.charges / result.seconds).toFixed(1)} charges/s (${result.seconds.toFixed(1)} s for ${result.charges}; sent per server ${result.perServer.join(' + ')}, issued per server ${result.issuedPerServer.join(' + ')}, all issued after ${result.issueSeconds.toFixed(1)} s)`,
  )
  console.log(
    `    period start → *paid*: median ${s(median(result.toPaid))}   p99 ${s(percentile(result.toPaid, 99))}   max ${s(Math.max(...result.toPaid))}   (${result.paid} of ${result.charges} paid)`,
  )
}

export async function runSubscriptionBenchmarks() {
  await withPostgres(async (postgres) => {
    if (!postgres) return
    console.log(
      `\nSubscriptions: ${SUBSCRIPTIONS} subscriptions due at one moment, charged by one relayer (Anvil mining each transaction at once, PostgreSQL; each server a 4-connection pool; the watcher passing beside)`,
    )
    const setupStarted = performance.now()
    const bench = await setUp(postgres, SUBSCRIPTIONS)
    console.log(
      `  set-up: ${SUBSCRIPTIONS} payers upgraded, granted and subscribed in ${ms(performance.now() - setupStarted)}`,
    )
    try {
      printPeriod('one server,  first period ', await chargePeriod(bench, 0, 1))
      printPeriod('two servers, second period', await chargePeriod(bench, 1, 2))
      const gas = await gasOfCharges(bench)
      const times = (gasUsed: bigint) => `(×${(Number(gasUsed) / Number(gas.plainGas)).toFixed(2)})`
      console.log(
        `  gas: a charge (redeemDelegations through the payer's DeleGator) in the first period ${gas.first} ${times(gas.first)}, in a later one ${gas.later} ${times(gas.later)}; a plain ERC-20 transfer ${gas.plainGas}`,
      )
    } finally {
      await bench.close()
    }
  })
}
