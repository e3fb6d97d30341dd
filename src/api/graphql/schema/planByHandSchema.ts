import { getAddress, isAddress } from 'viem'
import { badInput } from '../../../domain/errors/input.ts'
import { issueBegunPeriods } from '../../../merchants/schedules/issueBegunPeriods.ts'
import { scheduleForPlan } from '../../../merchants/subscriptions/planByHand.ts'
import { builder } from '../builder.ts'
import { scheduleIssuerOf } from './scheduleSchema.ts'
import { openPlan } from './subscriptionSchema.ts'

builder.mutationFields((t) => ({
  payPlanByHand: t.string({
    description:
      'A payer who grants no permission pays each period by hand: the id of their schedule of the plan (its link is /s/<id>), the same for the same payer.',
    args: {
      planId: t.arg.string({ required: true }),
      payer: t.arg.string({ required: true }),
      payerEmail: t.arg.string(),
      payerLanguage: t.arg.string(),
    },
    resolve: async (_, args, ctx) => {
      if (!isAddress(args.payer)) throw badInput('payer', 'must be the address of the wallet that pays.')
      const plan = await openPlan(ctx, args.planId)
      const schedule = await scheduleForPlan(
        ctx.db,
        ctx.network.assets,
        plan,
        getAddress(args.payer),
        { payerEmail: args.payerEmail ?? null, payerLanguage: args.payerLanguage ?? null },
        new Date(),
      )
      return (await issueBegunPeriods(scheduleIssuerOf(ctx), getAddress(plan.payee), schedule)).id
    },
  }),
}))
