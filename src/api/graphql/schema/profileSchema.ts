import { eq } from 'drizzle-orm'
import { getAddress } from 'viem'
import type { Db } from '../../../db/createDatabase.ts'
import { payeeProfiles } from '../../../db/schema.ts'
import { checkPayeeProfile } from '../../../domain/payeeProfile.ts'
import { builder } from '../builder.ts'
import { PaymentRequest } from './paymentRequestSchema.ts'
import { fieldErrors } from '../../../domain/errors/input.ts'

type ProfileRow = typeof payeeProfiles.$inferSelect

export async function findPayeeProfile(db: Db, address: string): Promise<ProfileRow | undefined> {
  const [row] = await db
    .select()
    .from(payeeProfiles)
    .where(eq(payeeProfiles.address, getAddress(address)))
  return row
}

export const PayeeProfile = builder.objectRef<ProfileRow>('PayeeProfile').implement({
  description:
    'What a payee says about themselves. Set by the payee, not checked by Billfold: shown as theirs, beside their address.',
  fields: (t) => ({
    displayName: t.exposeString('displayName'),
    website: t.exposeString('website', { nullable: true }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
})

builder.objectField(PaymentRequest, 'payeeProfile', (t) =>
  t.field({
    type: PayeeProfile,
    nullable: true,
    description: "The payee's profile as it is now, or null when they have not set one.",
    resolve: async (request, _, ctx) => (await findPayeeProfile(ctx.reads, request.payee)) ?? null,
  }),
)

builder.queryFields((t) => ({
  myProfile: t.field({
    type: PayeeProfile,
    nullable: true,
    description: "The signed-in payee's profile, or null before they set one.",
    resolve: async (_, __, ctx) => {
      const session = await ctx.signedIn()
      return (await findPayeeProfile(ctx.db, session.address)) ?? null
    },
  }),
}))

builder.mutationFields((t) => ({
  updateMyProfile: t.field({
    type: PayeeProfile,
    description:
      'Sets the display name (required) and website (optional, http or https) payers see on pay pages and receipts.',
    args: { displayName: t.arg.string({ required: true }), website: t.arg.string({ required: false }) },
    resolve: async (_, { displayName, website }, ctx) => {
      const session = await ctx.signedIn()
      const checked = checkPayeeProfile({ displayName, website: website ?? '' })
      if (!checked.ok) throw fieldErrors(checked.errors)
      const row = { address: getAddress(session.address), ...checked.profile, updatedAt: new Date() }
      const [saved] = await ctx.db
        .insert(payeeProfiles)
        .values(row)
        .onConflictDoUpdate({ target: payeeProfiles.address, set: row })
        .returning()
      return saved!
    },
  }),
}))
