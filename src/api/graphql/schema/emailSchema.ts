import { leavePayerEmail, requireEmailEnabled, type PayeeEmailRow } from '../../../notifications/email/emailSettings.ts'
import { readEmail, setEmail } from '../../../merchants/profile/settingsUseCases.ts'
import { runs } from '../runsUseCase.ts'
import { PAYEE_NOTICES } from '../../../notifications/email/renderEmail.ts'
import { builder } from '../builder.ts'

const PayeeEmail = builder.objectRef<PayeeEmailRow>('PayeeEmail').implement({
  description: 'Where a payee hears of their requests, once the address is confirmed by the link sent to it.',
  fields: (t) => ({
    address: t.exposeString('address'),
    language: t.exposeString('language'),
    notices: t.exposeStringList('notices'),
    confirmed: t.boolean({ resolve: (e) => e.confirmedAt !== null }),
  }),
})

builder.queryFields((t) => ({
  emailEnabled: t.boolean({
    description: 'Whether this Billfold sends e-mail (its operator set SMTP_URL).',
    resolve: (_, __, ctx) => ctx.merchants.email.enabled,
  }),
  emailNotices: t.stringList({
    description: 'The notices a payee may choose to hear about by e-mail.',
    resolve: () => [...PAYEE_NOTICES],
  }),
  myEmail: t.field({
    type: PayeeEmail,
    nullable: true,
    ...runs(readEmail),
    resolve: async (_, __, ctx) => readEmail(await ctx.actor(), { db: ctx.reads }),
  }),
}))

builder.mutationFields((t) => ({
  setMyEmail: t.field({
    type: PayeeEmail,
    description:
      'The signed-in payee’s address, language and notices; a new address is sent a confirmation link (at most one an hour and three a day to an address, else EMAIL_CONFIRMATION_LIMITED) and gets nothing else until it is followed. An address that refused all e-mail is refused (EMAIL_REFUSED).',
    args: {
      address: t.arg.string({ required: true }),
      language: t.arg.string({ required: true }),
      notices: t.arg.stringList({ required: true }),
    },
    ...runs(setEmail),
    resolve: async (_, args, ctx) =>
      setEmail(await ctx.actor(), { db: ctx.db, emailEnabled: ctx.merchants.email.enabled }, args),
  }),
  leavePayerEmail: t.boolean({
    description:
      'A payer’s address for the receipt of this request (and a schedule’s next requests), in their language. Never required; no sign-in.',
    args: {
      requestId: t.arg.string({ required: true }),
      address: t.arg.string({ required: true }),
      language: t.arg.string({ required: true }),
    },
    resolve: async (_, args, ctx) => {
      requireEmailEnabled(ctx.merchants.email.enabled)
      await leavePayerEmail(ctx.db, args.requestId, args)
      return true
    },
  }),
}))
