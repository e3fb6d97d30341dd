import { and, asc, eq } from 'drizzle-orm'
import { getAddress, type Address } from 'viem'
import type { Db } from '../../db/createDatabase.ts'
import { businessMembers } from '../../db/schema.ts'
import { NotFoundError } from '../../domain/errors/access.ts'
import { badInput } from '../../domain/errors/input.ts'
import { isMemberRole, type MemberRole, type Role } from '../../domain/permissions.ts'

export type Member = { member: Address; role: Role; addedAt: Date | null }

/** The business's people: its owner (its own wallet) first, then its members in the order they joined. */
export async function listMembers(db: Db, business: Address): Promise<Member[]> {
  const rows = await db
    .select()
    .from(businessMembers)
    .where(eq(businessMembers.business, business))
    .orderBy(asc(businessMembers.addedAt))
  return [
    { member: business, role: 'owner', addedAt: null },
    ...rows.map((row) => ({ member: row.member as Address, role: row.role as Role, addedAt: row.addedAt })),
  ]
}

/** The businesses `wallet` may act for: its own (as owner), then those it is a member of. */
export async function businessesOf(db: Db, wallet: Address): Promise<{ business: Address; role: Role }[]> {
  const rows = await db
    .select({ business: businessMembers.business, role: businessMembers.role })
    .from(businessMembers)
    .where(eq(businessMembers.member, wallet))
    .orderBy(asc(businessMembers.addedAt))
  return [
    { business: wallet, role: 'owner' },
    ...rows.map((r) => ({ business: r.business as Address, role: r.role as Role })),
  ]
}

/** A wallet's role in a business, null when it is not there. */
export async function roleIn(db: Db, business: Address, wallet: Address): Promise<Role | null> {
  if (business === wallet) return 'owner'
  const [row] = await db
    .select({ role: businessMembers.role })
    .from(businessMembers)
    .where(and(eq(businessMembers.business, business), eq(businessMembers.member, wallet)))
  return (row?.role as Role | undefined) ?? null
}

export function readMemberRole(role: string): MemberRole {
  if (!isMemberRole(role)) throw badInput('role', 'must be admin, accountant, cashier or developer.')
  return role
}

export function readMemberAddress(member: string): Address {
  try {
    return getAddress(member)
  } catch {
    throw badInput('member', 'must be a wallet address (0x and 40 hexadecimal digits).')
  }
}

const notAMember = () =>
  new NotFoundError({ shortMessage: 'This wallet is not a member of this business.', field: 'member' })

export async function changeMemberRole(db: Db, business: Address, member: Address, role: MemberRole): Promise<void> {
  const rows = await db
    .update(businessMembers)
    .set({ role })
    .where(and(eq(businessMembers.business, business), eq(businessMembers.member, member)))
    .returning({ member: businessMembers.member })
  if (rows.length === 0) throw notAMember()
}

export async function deleteMember(db: Db, business: Address, member: Address): Promise<void> {
  const rows = await db
    .delete(businessMembers)
    .where(and(eq(businessMembers.business, business), eq(businessMembers.member, member)))
    .returning({ member: businessMembers.member })
  if (rows.length === 0) throw notAMember()
}
