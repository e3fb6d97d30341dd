import { isDatabaseUnavailable } from '../domain/databaseUnavailable.ts'

const RETRY_MS = 250
const GIVE_UP_MS = 60_000

/**
 * Runs `write` again while the database cannot be reached (a failover takes seconds), for up to a
 * minute or until `stopped`; any other error, or the last one, is thrown. For a write that must not
 * be lost when what it records already happened elsewhere (a webhook sent).
 */
export async function untilDatabaseAnswers<T>(
  write: () => Promise<T>,
  stopped: () => boolean = () => false,
): Promise<T> {
  const started = Date.now()
  for (;;) {
    try {
      return await write()
    } catch (error) {
      if (!isDatabaseUnavailable(error) || stopped() || Date.now() - started > GIVE_UP_MS) throw error
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS))
    }
  }
}
