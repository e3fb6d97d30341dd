import { createDatabase } from '../src/db/createDatabase.ts'
import { startServer } from '../src/server/startServer.ts'

// The API server alone in its own process, so the load generator does not share its event loop.
const database = await createDatabase(
  process.env.DATABASE_URL ? { url: process.env.DATABASE_URL, poolSize: 20 } : { dataDir: process.env.DATA_DIR },
)
const server = await startServer({
  host: '127.0.0.1',
  port: 0,
  database,
  devRpcUrl: process.env.RPC_URL!,
  production: true,
  rateLimitPerMinute: 0,
  secretKey: 'a-bench-secret-key-of-32-characters!',
  webhooksAllowPrivate: process.env.WEBHOOKS_ALLOW_PRIVATE === 'true',
})
console.log(`READY ${server.url}`)
for (const signal of ['SIGTERM', 'SIGINT'] as const)
  process.on(signal, async () => {
    await server.close()
    await database.close()
    process.exit(0)
  })
