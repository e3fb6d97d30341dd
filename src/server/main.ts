import { setUpDevChain, TEST_USDC_ADDRESS } from '../chain/devnet/setUpDevChain.ts'
import { startAnvil, type AnvilNode } from '../chain/devnet/startAnvil.ts'
import { createDatabase, type Database } from '../db/createDatabase.ts'
import { BaseError } from '../domain/baseError.ts'
import { pino } from 'pino'
import { readConfig } from './config.ts'
import { startServer, type RunningServer } from './startServer.ts'

/**
 * `npm start`: the dev chain (unless RPC_URL is set), the database with its migrations, and the
 * server, started side by side; Ctrl-C stops them all, SIGTERM drains first.
 */
async function main() {
  const started = performance.now()
  const config = readConfig()
  // Production logs one JSON object per line (request ids included) for the log pipeline; development reads as text.
  const logger = config.logFormat === 'json' ? pino({ base: { service: 'billfold' } }) : undefined
  const say = (line: string) => (logger ? logger.info(line) : console.log(line))
  const log = (line: string) => (logger ? logger.warn(line) : console.error(line))
  let anvil: AnvilNode | undefined
  let database: Database | undefined
  let server: RunningServer | undefined
  const stop = async () => {
    await server?.close()
    await database?.close()
    await anvil?.stop()
  }

  try {
    const anvilStarting = !config.devChain || config.devRpcUrl
      ? undefined
      : startAnvil({ port: config.anvilPort }).then(async (node) => {
          anvil = node
          await setUpDevChain(node.rpcUrl)
          return node
        })
    const databaseOpening = createDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir }).then((db) => (database = db))
    const devRpcUrl = config.devChain ? (config.devRpcUrl ?? (await anvilStarting)!.rpcUrl) : undefined
    server = await startServer({
      ...config,
      database: databaseOpening,
      devRpcUrl,
      log,
      onRequestDone: logger ? (record) => logger.info(record, 'request') : undefined,
    })
  } catch (error) {
    // Whatever did start must not outlive us (an orphaned Anvil would hold its port).
    await stop().catch(() => undefined)
    throw error
  }

  if (anvil) say(`dev chain  Anvil on ${anvil.rpcUrl} (chain 31337), test USDC at ${TEST_USDC_ADDRESS}`)
  say(`database   ${database!.kind === 'pglite' ? `PGlite in ${config.dataDir}/` : 'PostgreSQL (DATABASE_URL)'}, migrated`)
  say(`Billfold   ${server.url}  (${config.production ? 'production build' : 'development, hot reload'}), ready in ${Math.round(performance.now() - started)} ms`)

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

main().catch((error: unknown) => {
  console.error(error instanceof BaseError ? `error: ${error.shortMessage}${error.details ? ` (${error.details})` : ''}` : error)
  process.exit(1)
})
