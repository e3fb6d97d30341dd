import { and, gt, lt, ne, sql } from 'drizzle-orm'
import type { Db } from './createDatabase.ts'
import { serverHeartbeats } from './schema.ts'

/**
 * One beat of this server (the database's clock counts), then how many servers beat within
 * `aliveMs` (this one included) and which chains the others said they watch.
 */
export async function beat(
  db: Db,
  serverId: string,
  watching: readonly number[],
  aliveMs: number,
): Promise<{ alive: number; others: { serverId: string; watching: number[] }[] }> {
  await db
    .insert(serverHeartbeats)
    .values({ serverId, seenAt: sql`now()`, watching: [...watching] })
    .onConflictDoUpdate({ target: serverHeartbeats.serverId, set: { seenAt: sql`now()`, watching: [...watching] } })
  const recent = sql`now() - make_interval(secs => ${aliveMs / 1000})`
  const others = await db
    .select({ serverId: serverHeartbeats.serverId, watching: serverHeartbeats.watching })
    .from(serverHeartbeats)
    .where(and(ne(serverHeartbeats.serverId, serverId), gt(serverHeartbeats.seenAt, recent)))
  return { alive: others.length + 1, others }
}

/** A server leaving says so: the others share its chains at their next beat rather than after `aliveMs`. */
export async function forget(db: Db, serverId: string) {
  await db.delete(serverHeartbeats).where(sql`${serverHeartbeats.serverId} = ${serverId}`)
}

/** Servers silent for an hour are gone (killed, not stopped): their rows are dropped by housekeeping. */
export async function purgeSilentServers(db: Db) {
  await db.delete(serverHeartbeats).where(lt(serverHeartbeats.seenAt, sql`now() - interval '1 hour'`))
}
