import type { DocumentNode, OperationDefinitionNode } from 'graphql'
import type { Plugin } from 'graphql-yoga'
import type { Db } from '../../db/createDatabase.ts'
import { cookieValue } from '../../http/cookieValue.ts'

/** The cookie that carries a writer's last write (a log position), so their next reads include it. */
export const WRITTEN_COOKIE = 'billfold_written'
// Long past any replica allowed to serve reads (seconds behind); after it, reads may go anywhere.
const WRITTEN_COOKIE_MAX_AGE_S = 60

/** What a request's reads must see: the client's last write, and whether this request writes. */
export type ReadConsistency = { writtenAt: string | undefined; wrote: boolean }

export function readConsistencyOf(cookieHeader: string | null | undefined): ReadConsistency {
  return { writtenAt: cookieValue(cookieHeader, WRITTEN_COOKIE), wrote: false }
}

export type ReadRouting = {
  /** The database for a read that may be a moment behind, given the reader's last write. */
  reads(writtenAt?: string): Db
  /** The log position after everything written so far; undefined when no replica can be behind. */
  writeMark(): Promise<string | undefined>
}

/**
 * Queries read from a replica (when there is one that has the client's own last write); mutations
 * and subscriptions from the primary, and a mutation leaves the cookie that sends this client's next
 * reads to wherever its write already is. Whichever server behind the proxy answers next.
 */
export function readConsistencyPlugin(
  routing: ReadRouting,
  secure: boolean,
): Plugin<{ reads: Db; consistency: ReadConsistency }, { consistency: ReadConsistency }> {
  return {
    onExecute({ args }) {
      const operation = (args.document as DocumentNode).definitions.find(
        (d): d is OperationDefinitionNode => d.kind === 'OperationDefinition',
      )
      const context = args.contextValue
      if (operation?.operation === 'query') context.reads = routing.reads(context.consistency.writtenAt)
      if (operation?.operation === 'mutation') context.consistency.wrote = true
    },
    async onResponse({ response, serverContext }) {
      if (!serverContext.consistency?.wrote) return
      const mark = await routing.writeMark().catch(() => undefined)
      if (mark)
        response.headers.append(
          'set-cookie',
          `${WRITTEN_COOKIE}=${mark}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${WRITTEN_COOKIE_MAX_AGE_S}${secure ? '; Secure' : ''}`,
        )
    },
  }
}
