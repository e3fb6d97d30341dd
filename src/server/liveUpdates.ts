import { createPubSub, type PubSub } from 'graphql-yoga'
import type { ApiEvents } from '../api/graphql/context.ts'
import { PAYEE_REQUEST_UPDATED, REQUEST_UPDATED } from '../api/graphql/schema/paymentRequestSchema.ts'
import type { Database } from '../db/createDatabase.ts'
import { REQUEST_UPDATED_CHANNEL } from '../db/notificationChannels.ts'
import { findPaymentRequest } from '../payments/repository/paymentRequests.ts'
import type { Logger } from '../domain/logger.ts'

export type LiveUpdates = {
  pubsub: PubSub<ApiEvents>
  /** Tells every server's subscribers that a request changed; naming the payee saves each a lookup. */
  announceRequestUpdate(id: string, payee?: string): Promise<void>
}

/**
 * Status changes come through the database, so a change on any server (a watcher's, a payee's, a
 * merchant's) reaches the subscribers on all. The payee's dashboard listens by payee: a notice
 * names the payee when its sender knows it; otherwise one lookup per change and server, not per subscriber.
 */
export async function bridgeLiveUpdates(database: Database, logger: Logger): Promise<LiveUpdates> {
  const pubsub = createPubSub<ApiEvents>()
  await database.listen(REQUEST_UPDATED_CHANNEL, (payload) => {
    const [id = '', payee] = payload.split(' ')
    pubsub.publish(REQUEST_UPDATED, id, id)
    if (payee) return void pubsub.publish(PAYEE_REQUEST_UPDATED, payee.toLowerCase(), id)
    findPaymentRequest(database.db, id)
      .then((row) => row && pubsub.publish(PAYEE_REQUEST_UPDATED, row.payee.toLowerCase(), id))
      .catch((error: unknown) =>
        logger.warn(`[api] could not tell the payee of request ${id} it changed: ${String(error)}`, { requestId: id }),
      )
  })
  return {
    pubsub,
    announceRequestUpdate: (id: string, payee?: string) =>
      database.notify(REQUEST_UPDATED_CHANNEL, [payee ? `${id} ${payee}` : id]),
  }
}
