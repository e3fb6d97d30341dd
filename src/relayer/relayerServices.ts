import type { PublicClient } from 'viem'
import type { ActiveChain } from '../chain/chains.ts'
import type { Db } from '../db/createDatabase.ts'
import type { SecretBox } from '../secrets/secretBox.ts'
import type { Logger } from '../domain/logger.ts'

/** What the relayer needs: the database, the key box, each chain's client, and a way to tell pay pages. */
export type RelayerServices = {
  db: Db
  /** Seals and opens relayers' keys (SECRET_KEY, purpose "relayer keys"). */
  box: SecretBox
  chains: readonly ActiveChain[]
  clients: ReadonlyMap<number, PublicClient>
  /** Tells every server's live views that a request's relay changed. */
  announce(requestId: string, payee: string): Promise<void>
  logger: Logger
}

export function clientOf(services: Pick<RelayerServices, 'clients'>, chainId: number): PublicClient {
  const client = services.clients.get(chainId)
  if (!client) throw new Error(`No client for chain ${chainId}`)
  return client
}
