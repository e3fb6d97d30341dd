import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { devAccounts, setUpDevChain } from '../chain/devnet/setUpDevChain.ts'
import { keepDevPriceFeedsFresh } from '../chain/devnet/setUpDevPriceFeeds.ts'
import { DEV_CHAIN_ID, DEV_CHAIN_IDS } from '../chain/chains.ts'
import { devTokens } from '../chain/tokens.ts'
import { startAnvil, type AnvilNode } from '../chain/devnet/startAnvil.ts'
import { devAttester, startDevIris } from '../chain/devnet/devIris.ts'
import { devChainClients } from '../chain/devnet/devChainClients.ts'
import { createDatabase, type Database } from '../db/createDatabase.ts'
import type { BackgroundWorker } from '../domain/backgroundWorker.ts'
import { BaseError } from '../domain/baseError.ts'
import { readConfig } from './config.ts'
import { createLogger } from './logger.ts'
import { developmentSecretKey } from '../secrets/secretBox.ts'
import { startServer, type RunningServer } from './startServer.ts'

const DEV_CHAIN_STATE_INTERVAL_S = 5

/**
 * `npm start`: the dev chain (unless RPC_URL is set), the database with its migrations, and the
 * server, started side by side; Ctrl-C stops them all, SIGTERM drains first.
 */
async function main() {
  const started = performance.now()
  const config = readConfig()
  // Production logs one JSON object per line (request ids included) for the log pipeline; development reads as text.
  const logger = createLogger(config.logFormat)
  const say = (line: string) => logger.info(line)
  const anvils: AnvilNode[] = []
  let database: Database | undefined
  let server: RunningServer | undefined
  let devIris: Awaited<ReturnType<typeof startDevIris>> | undefined
  const feedKeepers: BackgroundWorker[] = []
  const stop = async () => {
    await Promise.all(feedKeepers.map((keeper) => keeper.stop()))
    await server?.close()
    await devIris?.close()
    await database?.close()
    await Promise.all(anvils.map((node) => node.stop()))
  }

  try {
    // The dev chains start side by side: three take about as long as one.
    const anvilsStarting =
      !config.devChain || config.devRpcUrl
        ? undefined
        : Promise.all(
            DEV_CHAIN_IDS.slice(0, config.devChains).map((chainId, i) =>
              startAnvil({
                port: config.anvilPort + i,
                chainId,
                extraArgs: devChainStateArgs(config.dataDir, chainId),
              }).then(async (node) => {
                anvils.push(node)
                await setUpDevChain(node.rpcUrl)
                // A dev chain left running (or restored after days) keeps prices the quotes accept.
                const keeper = keepDevPriceFeedsFresh(node.rpcUrl, devAccounts[0]!, logger)
                feedKeepers.push(keeper)
                keeper.start()
                return node
              }),
            ),
          )
    const databaseOpening = createDatabase(
      config.databaseUrl
        ? { url: config.databaseUrl, replicaUrls: config.replicaUrls, logger }
        : { dataDir: config.dataDir },
    ).then((db) => (database = db))
    const devNodes = anvilsStarting ? await anvilsStarting : []
    // Each Anvil this process runs pushes its new heads over its own port's WebSocket.
    const urlsOf = (node: AnvilNode) => [node.rpcUrl, node.wsUrl]
    const devRpcUrl = config.devChain ? (config.devRpcUrl ?? urlsOf(devNodes[0]!)) : undefined
    // The dev chains' burns are attested by the dev attester; Circle's Iris knows nothing of them.
    if (devNodes.length > 0 && !config.cctpIrisUrl) devIris = await startDevIris({ clients: devChainClients(devNodes) })
    server = await startServer({
      ...config,
      cctpIrisUrl: config.cctpIrisUrl ?? devIris?.url,
      chainRpcUrls: {
        ...config.chainRpcUrls,
        ...Object.fromEntries(devNodes.slice(1).map((node) => [node.chainId, urlsOf(node)])),
      },
      database: databaseOpening,
      devRpcUrl,
      secretKey: config.secretKey ?? developmentSecretKey(config.dataDir),
      logger,
      onRequestDone: config.logFormat === 'json' ? (record) => logger.info('request', record) : undefined,
    })
  } catch (error) {
    // Whatever did start must not outlive us (an orphaned Anvil would hold its port).
    await stop().catch(() => undefined)
    throw error
  }

  for (const node of anvils.sort((a, b) => a.port - b.port))
    say(
      `dev chain  Anvil on ${node.rpcUrl} (chain ${node.chainId}), test ${devTokens.map((t) => `${t.symbol} at ${t.address}`).join(', ')}`,
    )
  if (devIris)
    say(`dev CCTP   attestations of the dev chains' burns on ${devIris.url} (dev attester ${devAttester.address})`)
  say(
    `database   ${database!.kind === 'pglite' ? `PGlite in ${config.dataDir}/` : `PostgreSQL (DATABASE_URL${config.replicaUrls.length ? `, ${config.replicaUrls.length} replica(s) for reads` : ''})`}, migrated`,
  )
  say(
    `Billfold   ${server.url}  (${config.production ? 'production build' : 'development, hot reload'}), ready in ${Math.round(performance.now() - started)} ms`,
  )

  let stopping = false
  const shutdown = (graceful: boolean) => async () => {
    if (stopping) return
    stopping = true
    say(graceful ? 'draining: finishing requests and the watchers’ batch…' : 'stopping…')
    if (graceful) await server!.drain()
    await stop()
    say('stopped')
    process.exit(0)
  }
  process.on('SIGINT', shutdown(false))
  process.on('SIGTERM', shutdown(true))
}

/**
 * The dev chain lives in the data folder beside the database: Anvil loads it at start and writes it
 * every few seconds and on exit, so a restart keeps every block and payment the database recorded.
 * After a crash the last few seconds of blocks may be gone; the watcher then rolls its cursor back
 * and drops the payments that are no longer on the chain, so the two never disagree.
 */
function devChainStateArgs(dataDir: string, chainId: number): string[] {
  mkdirSync(dataDir, { recursive: true })
  const file = chainId === DEV_CHAIN_ID ? 'anvil-state.json' : `anvil-state-${chainId}.json`
  return ['--state', join(dataDir, file), '--state-interval', String(DEV_CHAIN_STATE_INTERVAL_S)]
}

main().catch((error: unknown) => {
  console.error(
    error instanceof BaseError ? `error: ${error.shortMessage}${error.details ? ` (${error.details})` : ''}` : error,
  )
  process.exit(1)
})
