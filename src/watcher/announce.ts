import type { Database } from '../db/createDatabase.ts'
import { REQUEST_UPDATED_CHANNEL } from '../db/notificationChannels.ts'

/** The announce stage: every server's live views (subscriptions, webhooks' readers) hear of the requests a pass changed. */
export async function announceChanges(database: Database, changed: readonly string[]) {
  await database.notify(REQUEST_UPDATED_CHANNEL, changed)
}
