import type { Db } from '../../db/createDatabase.ts'
import { requestChains } from '../../db/schema.ts'
import type { AcceptedChain } from '../../domain/requestChains.ts'
import type { NewPaymentRequest, PaymentRequestRow } from './paymentRequests.ts'

/** Whether a new request accepts more than its own chain (then its chains are stored with it). */
export const acceptsSeveralChains = (request: Pick<NewPaymentRequest, 'acceptedChains'>) =>
  (request.acceptedChains?.length ?? 0) > 1

/** The chains a request accepts, its own first; that one alone for a request of one chain. */
export function acceptedChainsOf(
  request: Pick<PaymentRequestRow, 'chainId' | 'asset' | 'acceptedChains'>,
): AcceptedChain[] {
  const chains = request.acceptedChains ?? [{ chainId: request.chainId, asset: request.asset }]
  return chains.map((c) => ({ chainId: c.chainId, asset: c.asset as AcceptedChain['asset'] }))
}

/** Runs `insert` and, for a request of several chains, stores its chains with it in one transaction. */
export async function insertWithChains<T extends { id: string } | undefined>(
  db: Db,
  request: Pick<NewPaymentRequest, 'acceptedChains'>,
  insert: (handle: Db) => Promise<T>,
): Promise<T> {
  if (!acceptsSeveralChains(request)) return insert(db)
  return db.transaction(async (tx) => {
    const row = await insert(tx)
    if (row) await insertRequestChains(tx, row.id, request.acceptedChains!)
    return row
  })
}

/** The chains of a request of several, stored with it: what each chain's watcher reads. */
async function insertRequestChains(
  db: Db,
  requestId: string,
  chains: readonly (AcceptedChain & { createdBlock: bigint })[],
) {
  await db
    .insert(requestChains)
    .values(chains.map((c) => ({ requestId, chainId: c.chainId, asset: c.asset, createdBlock: c.createdBlock })))
}
