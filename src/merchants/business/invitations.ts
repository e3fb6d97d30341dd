import { randomBytes, randomUUID } from 'node:crypto'
import { and, desc, eq, gt, isNull } from 'drizzle-orm'
import { isHex, type Address, type Hex, type PublicClient } from 'viem'
import type { Db } from '../../db/createDatabase.ts'
import { businessInvitations, businessMembers } from '../../db/schema.ts'
import { InvitationInvalidError } from '../../domain/errors/business.ts'
import { SiweSignatureInvalidError } from '../../domain/errors/signIn.ts'
import { badInput } from '../../domain/errors/input.ts'
import { NotFoundError } from '../../domain/errors/access.ts'
import { INVITATION_DAYS, invitationTypedData } from '../../domain/invitation.ts'
import type { MemberRole } from '../../domain/permissions.ts'
import { sha256Hex } from '../../secrets/sha256Hex.ts'

export type Invitation = typeof businessInvitations.$inferSelect

const invalid = () =>
  new InvitationInvalidError({
    field: 'token',
    shortMessage: 'This invitation has expired, was withdrawn or was accepted already. Ask for a new link.',
  })

const usable = (tokenHash: string) =>
  and(
    eq(businessInvitations.tokenHash, tokenHash),
    isNull(businessInvitations.acceptedAt),
    isNull(businessInvitations.revokedAt),
    gt(businessInvitations.expiresAt, new Date()),
  )

/** A link's secret for `role` in `business`, shown once; only its hash is kept. */
export async function createInvitation(
  db: Db,
  { business, role, createdBy }: { business: Address; role: MemberRole; createdBy: Address },
): Promise<{ id: string; token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url')
  const id = randomUUID()
  const expiresAt = new Date(Date.now() + INVITATION_DAYS * 86_400_000)
  await db.insert(businessInvitations).values({ id, tokenHash: sha256Hex(token), business, role, createdBy, expiresAt })
  return { id, token, expiresAt }
}

/** What an invitation offers, for the page its link opens: INVITATION_INVALID once it cannot be used. */
export async function findUsableInvitation(db: Db, token: string): Promise<Invitation> {
  const [row] = await db
    .select()
    .from(businessInvitations)
    .where(usable(sha256Hex(token)))
    .limit(1)
  if (!row) throw invalid()
  return row
}

/** Invitations not yet accepted, withdrawn or expired, newest first. */
export async function pendingInvitations(db: Db, business: Address): Promise<Invitation[]> {
  return db
    .select()
    .from(businessInvitations)
    .where(
      and(
        eq(businessInvitations.business, business),
        isNull(businessInvitations.acceptedAt),
        isNull(businessInvitations.revokedAt),
        gt(businessInvitations.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(businessInvitations.createdAt))
    .limit(100)
}

export async function withdrawInvitation(db: Db, business: Address, id: string): Promise<void> {
  const rows = await db
    .update(businessInvitations)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(businessInvitations.business, business),
        eq(businessInvitations.id, id),
        isNull(businessInvitations.acceptedAt),
      ),
    )
    .returning({ id: businessInvitations.id })
  if (rows.length === 0)
    throw new NotFoundError({ field: 'id', shortMessage: 'There is no open invitation with this id.' })
}

export type AcceptInvitationParameters = {
  token: string
  member: Address
  signature: string
  /** A client of the chain the wallet signed on: smart-contract wallets' signatures are checked there. */
  client: PublicClient
}

/**
 * Makes the wallet that signed the invitation's terms a member: checks the signature, then spends
 * the invitation and adds the member in one transaction, so a link makes one member, once.
 */
export async function acceptInvitation(
  db: Db,
  { token, member, signature, client }: AcceptInvitationParameters,
): Promise<{ business: Address; role: MemberRole }> {
  if (!isHex(signature, { strict: true }) || signature.length < 132 || signature.length > 20_000)
    throw badInput('signature', 'must be a 0x-prefixed hex Ethereum signature.')
  const invitation = await findUsableInvitation(db, token)
  const business = invitation.business as Address
  const role = invitation.role as MemberRole
  if (member.toLowerCase() === business.toLowerCase())
    throw badInput('member', 'is this business’s own wallet, its owner already.')
  let valid: boolean
  try {
    valid = await client.verifyTypedData({
      address: member,
      ...invitationTypedData({ business, member, role, invitation: invitation.id }),
      signature: signature as Hex,
    })
  } catch (cause) {
    throw new SiweSignatureInvalidError({
      field: 'signature',
      shortMessage: 'The signature could not be checked.',
      cause,
    })
  }
  if (!valid)
    throw new SiweSignatureInvalidError({ field: 'signature', shortMessage: `The signature is not from ${member}.` })
  await db.transaction(async (tx) => {
    const spent = await tx
      .update(businessInvitations)
      .set({ acceptedBy: member, acceptedAt: new Date() })
      .where(usable(invitation.tokenHash))
      .returning({ id: businessInvitations.id })
    if (spent.length === 0) throw invalid()
    await tx
      .insert(businessMembers)
      .values({ business, member, role, addedBy: invitation.createdBy })
      .onConflictDoUpdate({ target: [businessMembers.business, businessMembers.member], set: { role } })
  })
  return { business, role }
}
