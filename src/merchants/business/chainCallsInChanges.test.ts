import { eq } from 'drizzle-orm'
import type { PublicClient } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { TEST_SECRET_KEY } from '../../../testing/startTestApp.ts'
import { devChain } from '../../chain/chains.ts'
import { createChainRpc } from '../../chain/rpc/chainRpc.ts'
import { createDatabase, type Database, type Db } from '../../db/createDatabase.ts'
import { apiKeys } from '../../db/schema.ts'
import { ROLE_PERMISSIONS } from '../../domain/permissions.ts'
import { createSecretBox } from '../../secrets/secretBox.ts'
import { createApiKey, revokeApiKey } from '../apiKeys.ts'
import { listAudit } from './auditLog.ts'
import type { Actor } from './authorize.ts'
import { defineUseCase } from './useCase.ts'

// Every audited change's own tests run with this rule in force (the server's clients are ChainRpc's):
// one that asked the chain inside its transaction would fail there. This file shows the rule itself.

type Services = { db: Db; client: PublicClient }
type Input = { id: string }

/** A change that writes, then asks the chain inside its transaction. */
const revokeThenAskChain = defineUseCase({
  action: 'revokeApiKey',
  permission: 'apiKeys:manage',
  audited: ({ id }) => id,
  run: async (actor: Actor, { db, client }: Services, { id }: Input) => {
    await revokeApiKey(db, actor.address, id)
    return client.getBlockNumber({ cacheTime: 0 })
  },
})

/** The same change asking the chain first, in `prepare`. */
const askChainThenRevoke = defineUseCase({
  action: 'revokeApiKey',
  permission: 'apiKeys:manage',
  audited: ({ id }) => id,
  prepare: (_: Actor, { client }: Services, __: Input) => client.getBlockNumber({ cacheTime: 0 }),
  run: async (actor, { db }, { id }, head) => {
    await revokeApiKey(db, actor.address, id)
    return head
  },
})

describe('a chain call in an audited change, on PGlite', { timeout: 60_000 }, () => {
  let database: Database
  let client: PublicClient
  beforeAll(async () => {
    database = await createDatabase()
    const rpcUrl = inject('anvilUrl')
    client = createChainRpc({ chain: devChain(rpcUrl), urls: [rpcUrl] }).client
  })
  afterAll(async () => database?.close())

  const owner = (): Actor => {
    const wallet = privateKeyToAccount(generatePrivateKey()).address
    return {
      address: wallet,
      member: wallet,
      role: 'owner',
      permissions: ROLE_PERMISSIONS.owner,
      clientIp: '203.0.113.7',
    }
  }
  const keyOf = async (actor: Actor) =>
    (
      await createApiKey(database.db, createSecretBox(TEST_SECRET_KEY, 'api key delegates'), actor.address, {
        name: 'shop',
        scopes: ['requests:read'],
        expiresAt: new Date(Date.now() + 86_400_000),
      })
    ).row
  const revokedAt = async (id: string) =>
    (await database.db.select({ at: apiKeys.revokedAt }).from(apiKeys).where(eq(apiKeys.id, id)))[0]!.at

  it('is refused inside the transaction before it is sent, and the change writes and logs nothing', async () => {
    const actor = owner()
    const key = await keyOf(actor)

    const refused = revokeThenAskChain(actor, { db: database.db, client }, { id: key.id })

    await expect(refused).rejects.toThrow(
      'eth_blockNumber was asked of chain 31337 inside the transaction of the change revokeApiKey',
    )
    expect(await revokedAt(key.id)).toBeNull()
    expect(await listAudit(database.db, actor.address, { first: 10 })).toEqual([])
  })

  it('goes through in prepare, before the transaction, and the change is made with its entry', async () => {
    const actor = owner()
    const key = await keyOf(actor)

    const head = await askChainThenRevoke(actor, { db: database.db, client }, { id: key.id })

    expect(head).toBeGreaterThan(0n)
    expect(await revokedAt(key.id)).not.toBeNull()
    expect((await listAudit(database.db, actor.address, { first: 10 })).map((e) => e.action)).toEqual(['revokeApiKey'])
  })

  it('goes through again once the change is over', async () => {
    const actor = owner()
    await revokeThenAskChain(actor, { db: database.db, client }, { id: (await keyOf(actor)).id }).catch(() => null)

    expect(await client.getBlockNumber({ cacheTime: 0 })).toBeGreaterThan(0n)
  })
})
