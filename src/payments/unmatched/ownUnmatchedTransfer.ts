import { isAddressEqual, type Address } from 'viem'
import type { Db } from '../../db/createDatabase.ts'
import { isShortId } from '../../domain/shortId.ts'
import { findUnmatched, type UnmatchedTransferRow } from '../unmatchedTransfers.ts'
import { NotFoundError } from '../../domain/errors/access.ts'

/** The payee's transfer with this id; anyone else's, or an id never given out, is NOT_FOUND alike. */
export async function ownUnmatchedTransfer(db: Db, payee: string, id: string): Promise<UnmatchedTransferRow> {
  const found = isShortId(id) ? await findUnmatched(db, id) : undefined
  if (!found || !isAddressEqual(found.payee as Address, payee as Address))
    throw new NotFoundError({
      field: 'transferId',
      shortMessage: 'You have no unmatched transfer with this id.',
    })
  return found
}
