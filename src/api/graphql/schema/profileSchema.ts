import { findPayeeProfile, type PayeeProfileRow } from '../../../merchants/profile/payeeProfiles.ts'
import { updateProfile } from '../../../merchants/profile/settingsUseCases.ts'
import { runs } from '../runsUseCase.ts'
import { builder } from '../builder.ts'
import { PaymentRequest } from './paymentRequestSchema.ts'

export const PayeeProfile = builder.objectRef<PayeeProfileRow>('PayeeProfile').implement({
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
    ...runs(updateProfile),
    resolve: async (_, args, ctx) => updateProfile(await ctx.actor(), { db: ctx.db }, args),
  }),
}))
