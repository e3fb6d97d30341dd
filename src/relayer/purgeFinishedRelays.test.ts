import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/createDatabase.ts'
import { relays, type RelayState } from '../db/schema.ts'
import { purgeFinishedRelays } from './purgeFinishedRelays.ts'
import { databaseLegs } from '../../testing/databaseLegs.ts'

const legs = databaseLegs()
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000)

describe.each(legs)('relay retention on $name', ({ open, skip }) => {
  let database: Database
  beforeAll(async () => {
    if (!skip) database = await open()
  })
  afterAll(async () => database?.close())

  const relay = (id: string, state: RelayState, age: number) =>
    database.db.insert(relays).values({
      id,
      payee: '0xpayee',
      chainId: 31337,
      relayer: '0xrelayer',
      kind: 'withdrawal',
      target: '0xpayee',
      data: '0x',
      value: '1',
      gasLimit: '21000',
      state,
      createdAt: daysAgo(age),
      updatedAt: daysAgo(age),
    })

  it.skipIf(skip)(
    'deletes relays that ended before the cut-off in batches, and keeps recent ones and those still on their way',
    async () => {
      for (let i = 0; i < 5; i++) await relay(`old-mined-${i}`, 'mined', 40)
      await relay('old-reverted', 'reverted', 40)
      await relay('old-expired', 'expired', 40)
      await relay('old-sent', 'sent', 40)
      await relay('old-waiting', 'waiting', 40)
      await relay('recent-mined', 'mined', 2)
      expect(await purgeFinishedRelays(database.db, daysAgo(30), 2)).toBe(7)
      const left = (await database.db.select({ id: relays.id }).from(relays)).map((r) => r.id).sort()
      expect(left).toEqual(['old-sent', 'old-waiting', 'recent-mined'])
    },
  )
})
