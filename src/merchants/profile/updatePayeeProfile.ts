import { getAddress } from 'viem'
import type { Db } from '../../db/createDatabase.ts'
import { payeeProfiles } from '../../db/schema.ts'
import { checkPayeeProfile } from '../../domain/payeeProfile.ts'
import type { PayeeProfileRow } from './payeeProfiles.ts'
import type { ApiError } from '../../domain/errors/apiError.ts'
import { fieldErrors } from '../../domain/errors/input.ts'

export type UpdatePayeeProfileParameters = { displayName: string; website: string }
/** BAD_USER_INPUT for each field that is wrong (fieldErrors). */
export type UpdatePayeeProfileErrorType = ApiError

/** Sets what the payee says about themselves (display name, website), as payers see it on pay pages and receipts. */
export async function updatePayeeProfile(
  db: Db,
  payee: string,
  draft: UpdatePayeeProfileParameters,
): Promise<PayeeProfileRow> {
  const checked = checkPayeeProfile(draft)
  if (!checked.ok) throw fieldErrors(checked.errors)
  const row = { address: getAddress(payee), ...checked.profile, updatedAt: new Date() }
  const [saved] = await db
    .insert(payeeProfiles)
    .values(row)
    .onConflictDoUpdate({ target: payeeProfiles.address, set: row })
    .returning()
  return saved!
}
