import { eq } from 'drizzle-orm'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createFreshDatabase } from '../../../testing/postgresServer.ts'
import { TEST_SECRET_KEY } from '../../../testing/startTestApp.ts'
import { createDatabase, type Database, type Db } from '../../db/createDatabase.ts'
import { apiKeys } from '../../db/schema.ts'
import { ROLE_PERMISSIONS } from '../../domain/permissions.ts'
import { createSecretBox } from '../../secrets/secretBox.ts'
import { createApiKeyStore, type ApiKeyStore } from '../apiKeyStore.ts'
import { createApiKey, revokeApiKey } from '../apiKeys.ts'
import { revokeKey } from '../apiKeyUseCases.ts'
import { listAudit } from './auditLog.ts'
import type { Actor } from './authorize.ts'
import { defineUseCase } from './useCase.ts'

const databases: [string, () => Promise<Database>][] = [
  ['PGlite', () => createDatabase()],
  ...(inject('postgresUrl')
    ? [['PostgreSQL', async () => createDatabase({ url: await createFreshDatabase(inject('postgresUrl')) })] as const]
    : []),
] as [string, () => Promise<Database>][]

/** A change that writes, then fails before it is done. */
const revokeThenFail = defineUseCase({
  action: 'revokeApiKey',
  permission: 'apiKeys:manage',
  audited: ({ id }) => id,
  run: async (actor: Actor, { db }: { db: Db }, { id }: { id: string }) => {
    await revokeApiKey(db, actor.address, id)
    throw new Error('the next step of the change failed')
  },
})

describe.each(databases)('an audited change on %s', { timeout: 60_000 }, (_, open) => {
  let database: Database
  let store: ApiKeyStore
  beforeAll(async () => {
    database = await open()
    store = await createApiKeyStore(database)
  })
  afterAll(async () => database?.close())

  const owner = (clientIp = '203.0.113.7'): Actor => {
    const wallet = privateKeyToAccount(generatePrivateKey()).address
    return { address: wallet, member: wallet, role: 'owner', permissions: ROLE_PERMISSIONS.owner, clientIp }
  }
  const keyOf = async (actor: Actor) =>
    createApiKey(database.db, createSecretBox(TEST_SECRET_KEY, 'api key delegates'), actor.address, {
      name: 'shop',
      scopes: ['requests:read'],
      expiresAt: new Date(Date.now() + 86_400_000),
    })
  const revokedAt = async (id: string) =>
    (await database.db.select({ at: apiKeys.revokedAt }).from(apiKeys).where(eq(apiKeys.id, id)))[0]!.at
  const entriesOf = (actor: Actor) => listAudit(database.db, actor.address, { first: 10 })

  it('records exactly one entry for a change that is made, and the change is seen at once', async () => {
    const actor = owner()
    const { row, secret } = await keyOf(actor)
    expect(await store.find(secret)).toMatchObject({ id: row.id })

    await revokeKey(actor, { db: database.db, apiKeys: store }, { id: row.id })

    expect(await revokedAt(row.id)).toBeInstanceOf(Date)
    expect(await store.find(secret)).toBeUndefined()
    expect(await entriesOf(actor)).toEqual([
      expect.objectContaining({
        actor: actor.member,
        action: 'revokeApiKey',
        objectId: row.id,
        clientIp: '203.0.113.7',
      }),
    ])
  })

  it('leaves no row and no audit entry when the change fails halfway', async () => {
    const actor = owner()
    const { row } = await keyOf(actor)

    await expect(revokeThenFail(actor, { db: database.db }, { id: row.id })).rejects.toThrow('next step')

    expect(await revokedAt(row.id)).toBeNull()
    expect(await entriesOf(actor)).toEqual([])
  })

  it('rolls the change back when its audit entry cannot be written', async () => {
    // A NUL character is refused by every PostgreSQL text column: the audit insert fails after the change.
    const actor = owner('203.0.113.7\u0000')
    const { row, secret } = await keyOf(actor)

    await expect(revokeKey(actor, { db: database.db, apiKeys: store }, { id: row.id })).rejects.toThrow()

    expect(await revokedAt(row.id)).toBeNull()
    expect(await store.find(secret)).toMatchObject({ id: row.id })
    expect(await entriesOf(actor)).toEqual([])
  })
})
