import { createDatabase, type Database } from '../src/db/createDatabase.ts'
import { startServer, type StartServerParameters } from '../src/server/startServer.ts'
import { silentLogger } from '../src/domain/logger.ts'

/** The tests' SECRET_KEY: what it seals is test data. */
export const TEST_SECRET_KEY = 'a-test-secret-key-of-32-characters!!'

export type TestApp = { url: string; database: Database; close(): Promise<void> }

/** The real server on a free loopback port, with PGlite in memory unless a PostgreSQL URL is given. */
export async function startTestApp(
  options: { anvilUrl: string; databaseUrl?: string; replicaUrls?: string[] } & Partial<
    Omit<StartServerParameters, 'database' | 'devRpcUrl'>
  >,
): Promise<TestApp> {
  const { anvilUrl, databaseUrl, replicaUrls, ...overrides } = options
  const database = await createDatabase(databaseUrl ? { url: databaseUrl, replicaUrls, logger: silentLogger } : {})
  // Tests sign in far more often than a person: the nonce limit is off unless a test sets it.
  const server = await startServer({
    host: '127.0.0.1',
    port: 0,
    production: true,
    logger: silentLogger,
    noncesPerMinute: 0,
    secretKey: TEST_SECRET_KEY,
    ...overrides,
    database,
    devRpcUrl: anvilUrl,
  })
  return {
    url: server.url,
    database,
    close: async () => {
      await server.close()
      await database.close()
    },
  }
}
