import { lt, sql } from 'drizzle-orm'
import type { Db } from './createDatabase.ts'
import { rateLimitBuckets } from './schema.ts'

/**
 * Takes up to `want` whole tokens from the shared bucket `key`, refilled at `perSecond` up to
 * `capacity` since it was last counted, in one short transaction (the row is locked meanwhile, so
 * servers claiming at once are served one after the other). The database's clock counts, not the
 * servers'. A bucket not seen before starts full.
 */
export async function claimTokens(
  db: Db,
  key: string,
  want: number,
  { capacity, perSecond }: { capacity: number; perSecond: number },
): Promise<{ granted: number; available: number }> {
  return db.transaction(async (tx) => {
    await tx
      .insert(rateLimitBuckets)
      .values({ key, tokens: capacity, updatedAt: sql`clock_timestamp()` })
      .onConflictDoNothing()
    const [refilled] = await tx
      .update(rateLimitBuckets)
      .set({
        tokens: sql`least(${capacity}::float8, ${rateLimitBuckets.tokens} + extract(epoch from clock_timestamp() - ${rateLimitBuckets.updatedAt}) * ${perSecond}::float8)`,
        updatedAt: sql`clock_timestamp()`,
      })
      .where(sql`${rateLimitBuckets.key} = ${key}`)
      .returning({ tokens: rateLimitBuckets.tokens })
    const available = refilled!.tokens
    const granted = Math.max(0, Math.min(want, Math.floor(available)))
    if (granted > 0)
      await tx
        .update(rateLimitBuckets)
        .set({ tokens: sql`${rateLimitBuckets.tokens} - ${granted}::float8` })
        .where(sql`${rateLimitBuckets.key} = ${key}`)
    return { granted, available: available - granted }
  })
}

/** Buckets untouched for `idleMs` (a minute refills any of them): full again, so they carry nothing. */
export async function purgeIdleBuckets(db: Db, idleMs = 10 * 60_000): Promise<number> {
  const gone = await db
    .delete(rateLimitBuckets)
    .where(lt(rateLimitBuckets.updatedAt, new Date(Date.now() - idleMs)))
    .returning({ key: rateLimitBuckets.key })
  return gone.length
}
