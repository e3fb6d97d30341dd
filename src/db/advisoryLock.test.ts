import { eq, sql } from 'drizzle-orm'
import { describe, expect, inject, it } from 'vitest'
import { createFreshDatabase } from '../../testing/postgresServer.ts'
import { createDatabase, LockLostError } from './createDatabase.ts'
import { serverHeartbeats } from './schema.ts'

const KEY = 4_242_199_999

describe.skipIf(!inject('postgresUrl'))('a lock that elects a writer, on PostgreSQL', () => {
  it('lets its holder write, and once its session is gone (a crash, a failover) refuses the write and keeps nothing of it', async () => {
    const url = await createFreshDatabase(inject('postgresUrl'))
    const [first, second] = [await createDatabase({ url }), await createDatabase({ url })]
    try {
      const lock = (await first.tryLock(KEY))!
      expect(await second.tryLock(KEY)).toBeNull()
      const write = (database: typeof first, fence: typeof lock.fence, serverId: string) =>
        database.db.transaction(async (tx) => {
          await fence(tx)
          await tx.insert(serverHeartbeats).values({ serverId, seenAt: new Date(), watching: [] })
        })
      await write(first, lock.fence, 'holder')
      expect(await lock.held()).toBe(true)

      // The lock's session ends as it would when its server's connection is cut (waiting up to 5 s
      // for it to be gone: without a timeout the call only signals it).
      await second.db.execute(sql`
        select pg_terminate_backend(pid, 5000) from pg_locks
        where locktype = 'advisory' and ((classid::bigint << 32) | objid::bigint) = ${KEY}`)
      await expect(write(first, lock.fence, 'former holder')).rejects.toBeInstanceOf(LockLostError)
      expect(await lock.held()).toBe(false)
      const rows = await first.db.select().from(serverHeartbeats).where(eq(serverHeartbeats.serverId, 'former holder'))
      expect(rows).toEqual([])

      // Another server takes it and writes under it.
      const taken = (await second.tryLock(KEY))!
      await write(second, taken.fence, 'new holder')
      await taken.release()
      await lock.release()
    } finally {
      await Promise.all([first.close(), second.close()])
    }
  })
})
