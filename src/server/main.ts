import { startAnvil, type AnvilNode } from '../chain/devnet/startAnvil.ts'
import { createDatabase } from '../db/createDatabase.ts'
import { BaseError } from '../domain/baseError.ts'
import { readConfig } from './config.ts'
import { startServer } from './startServer.ts'

/** `npm start`: the dev chain (unless RPC_URL is set), the database and its migrations, then the server. */
async function main() {
  const config = readConfig()
  let anvil: AnvilNode | undefined
  if (!config.devRpcUrl) {
    anvil = await startAnvil({ port: config.anvilPort })
    console.log(`dev chain  Anvil on ${anvil.rpcUrl} (chain 31337)`)
  }
  const database = await createDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir })
  console.log(`database   ${database.kind === 'pglite' ? `PGlite in ${config.dataDir}/` : 'PostgreSQL (DATABASE_URL)'}, migrated`)
  const server = await startServer({ ...config, database, devRpcUrl: config.devRpcUrl ?? anvil!.rpcUrl })
  console.log(`Billfold   ${server.url}  (${config.production ? 'production build' : 'development, hot reload'})`)

  let stopping = false
  const stop = async () => {
    if (stopping) return
    stopping = true
    console.log('stopping…')
    await server.close()
    await database.close()
    await anvil?.stop()
    process.exit(0)
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

main().catch((error: unknown) => {
  console.error(error instanceof BaseError ? `error: ${error.shortMessage}${error.details ? ` (${error.details})` : ''}` : error)
  process.exit(1)
})
