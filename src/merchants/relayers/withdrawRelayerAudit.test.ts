import { eq } from 'drizzle-orm'
import { parseEther, type Address, type PublicClient } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { TEST_SECRET_KEY } from '../../../testing/startTestApp.ts'
import { createDatabase, type Database } from '../../db/createDatabase.ts'
import { relays } from '../../db/schema.ts'
import { silentLogger } from '../../domain/logger.ts'
import { ROLE_PERMISSIONS } from '../../domain/permissions.ts'
import { relayersOf } from '../../relayer/relayerStore.ts'
import { createSecretBox } from '../../secrets/secretBox.ts'
import { chainClients } from '../../watcher/testing/payments.ts'
import { listAudit } from '../business/auditLog.ts'
import type { Actor } from '../business/authorize.ts'
import { withdrawRelayerOf, type RelayerUseCaseServices } from './relayerUseCases.ts'

describe("a relayer's withdrawal", { timeout: 60_000 }, () => {
  let database: Database
  const { publicClient, testClient } = chainClients(inject('anvilUrl'))
  const box = createSecretBox(TEST_SECRET_KEY, 'relayer keys')
  beforeAll(async () => {
    database = await createDatabase()
  })
  afterAll(async () => database?.close())

  const services = (): RelayerUseCaseServices => ({
    db: database.db,
    box,
    chains: [],
    clients: new Map([[31337, publicClient as PublicClient]]),
    announce: async () => {},
    logger: silentLogger,
    chainIds: [31337],
  })

  /** A business whose relayer on the dev chain holds 1 ETH. */
  async function fundedBusiness(clientIp: string): Promise<{ actor: Actor; relayer: Address }> {
    const wallet = privateKeyToAccount(generatePrivateKey()).address
    const [relayer] = await relayersOf(database.db, box, wallet, [31337])
    await testClient.setBalance({ address: relayer!.address as Address, value: parseEther('1') })
    const actor: Actor = {
      address: wallet,
      member: wallet,
      role: 'owner',
      permissions: ROLE_PERMISSIONS.owner,
      clientIp,
    }
    return { actor, relayer: relayer!.address as Address }
  }
  const sentBy = (relayer: Address) => publicClient.getTransactionCount({ address: relayer, blockTag: 'pending' })
  const relaysOf = (actor: Actor) => database.db.select().from(relays).where(eq(relays.payee, actor.address))

  it('is broadcast once it is recorded with its audit entry', async () => {
    const { actor, relayer } = await fundedBusiness('203.0.113.7')

    const relay = await withdrawRelayerOf(actor, services(), { chainId: 31337 })

    expect(relay).toMatchObject({ kind: 'withdrawal', state: 'sent', target: actor.address })
    expect(await sentBy(relayer)).toBe(1)
    expect((await listAudit(database.db, actor.address, { first: 10 })).map((e) => [e.action, e.objectId])).toEqual([
      ['withdrawRelayer', '31337'],
    ])
  })

  it('sends nothing and records nothing when its audit entry cannot be written', async () => {
    // A NUL character is refused by every PostgreSQL text column: the audit insert fails after the withdrawal is recorded.
    const { actor, relayer } = await fundedBusiness('203.0.113.7\u0000')

    await expect(withdrawRelayerOf(actor, services(), { chainId: 31337 })).rejects.toThrow()

    expect(await sentBy(relayer)).toBe(0)
    expect(await relaysOf(actor)).toEqual([])
    expect(await listAudit(database.db, actor.address, { first: 10 })).toEqual([])
  })
})
