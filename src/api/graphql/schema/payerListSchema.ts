import { NotFoundError } from '../../../domain/errors/access.ts'
import { isShortId } from '../../../domain/shortId.ts'
import { findPayerList, openRequestsOfList, type PayerListRow } from '../../../payments/batch/payerLists.ts'
import { linkPayerList } from '../../../merchants/requests/requestUseCases.ts'
import { builder } from '../builder.ts'
import { runs } from '../runsUseCase.ts'
import { PaymentRequest } from './paymentRequestSchema.ts'

const PayerList = builder.objectRef<PayerListRow>('PayerList').implement({
  description:
    "A payee's link for one payer: the payee's open requests made for that payer's address, to pay together at /pay-several?list=<id>.",
  fields: (t) => ({
    id: t.exposeString('id', { description: 'The link’s secret: whoever holds it sees the list.' }),
    payee: t.exposeString('payee'),
    payer: t.exposeString('payer'),
    requests: t.field({
      type: [PaymentRequest],
      description: 'The requests still to pay, newest first (at most 50).',
      resolve: (list, _, ctx) => openRequestsOfList(ctx.reads, list),
    }),
  }),
})

builder.queryFields((t) => ({
  payerList: t.field({
    type: PayerList,
    description: "A payee's list of a payer's open requests, by its link's id: public, for the payer.",
    args: { id: t.arg.string({ required: true }) },
    resolve: async (_, { id }, ctx) => {
      const found = isShortId(id) ? await findPayerList(ctx.reads, id) : undefined
      if (!found)
        throw new NotFoundError({ field: 'id', shortMessage: 'There is no list of open requests with this link.' })
      return found
    },
  }),
}))

builder.mutationFields((t) => ({
  payerListLink: t.field({
    type: PayerList,
    description:
      "The signed-in payee's link listing their open requests made for `payer`; the same link each time for the same payer.",
    args: { payer: t.arg.string({ required: true }) },
    ...runs(linkPayerList),
    resolve: async (_, args, ctx) => linkPayerList(await ctx.actor(), { db: ctx.db }, args),
  }),
}))
