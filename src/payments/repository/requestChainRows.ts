import { badInput } from '../../domain/errors/input.ts'
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

/**
 * The request as paid on one of the chains it accepts: that chain and its token there, the same
 * reference and amount (a relay or an authorization on it is then checked and sent there). Undefined
 * for a chain the request does not accept.
 */
export function requestOnChain<R extends Pick<PaymentRequestRow, 'chainId' | 'asset' | 'acceptedChains'>>(
  request: R,
  chainId: number,
): R | undefined {
  const accepted = acceptedChainsOf(request).find((c) => c.chainId === chainId)
  return accepted && { ...request, chainId, asset: accepted.asset }
}

/** The request on the chain a payer chose (its own when none is named), or why not, naming `chainId`. */
export function requestOnChosenChain<R extends Pick<PaymentRequestRow, 'chainId' | 'asset' | 'acceptedChains'>>(
  request: R,
  chainId: number | null | undefined,
): R {
  if (chainId === null || chainId === undefined) return request
  const onChain = requestOnChain(request, chainId)
  if (!onChain)
    throw badInput(
      'chainId',
      `${chainId} is not a chain this request accepts: it accepts ${acceptedChainsOf(request)
        .map((c) => c.chainId)
        .join(', ')}.`,
    )
  return onChain
}
