import { eq } from 'drizzle-orm'
import { getAddress } from 'viem'
import type { Db } from '../../db/createDatabase.ts'
import { payeeProfiles } from '../../db/schema.ts'

export type PayeeProfileRow = typeof payeeProfiles.$inferSelect

export async function findPayeeProfile(db: Db, address: string): Promise<PayeeProfileRow | undefined> {
  const [row] = await db
    .select()
    .from(payeeProfiles)
    .where(eq(payeeProfiles.address, getAddress(address)))
  return row
}
