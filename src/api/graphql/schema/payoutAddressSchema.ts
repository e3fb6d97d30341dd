import { runs } from '../runsUseCase.ts'
import {
  changePayoutAddress,
  readPayoutAddress,
  type PayoutAddress,
} from '../../../merchants/business/payoutAddress.ts'
import { builder } from '../builder.ts'
import { delegationClient } from './apiKeySchema.ts'

const PayoutAddressRef = builder.objectRef<PayoutAddress>('PayoutAddress').implement({
  description:
    "Where the business's money goes (its relayer's withdrawals): set only by the owner's wallet's signature of the change.",
  fields: (t) => ({
    address: t.exposeString('address'),
    nonce: t.exposeInt('nonce', { description: 'How many times it was changed; the next change signs nonce + 1.' }),
    changedAt: t.expose('changedAt', {
      type: 'DateTime',
      nullable: true,
      description: 'Null while it is the business’s own address.',
    }),
  }),
})

builder.queryFields((t) => ({
  payoutAddress: t.field({
    type: PayoutAddressRef,
    ...runs(readPayoutAddress),
    resolve: async (_, __, ctx) => readPayoutAddress(await ctx.actor(), { db: ctx.db }),
  }),
}))

builder.mutationFields((t) => ({
  changePayoutAddress: t.field({
    type: PayoutAddressRef,
    description:
      "Sets the payout address with the owner's wallet's EIP-712 signature of `PayoutAddress` (domain Billfold, version 1: business, payoutAddress, nonce, signedAt in Unix seconds).",
    args: {
      payoutAddress: t.arg.string({ required: true }),
      nonce: t.arg.int({ required: true, description: 'The current nonce + 1.' }),
      signedAt: t.arg({ type: 'DateTime', required: true, description: 'When it was signed (whole seconds).' }),
      signature: t.arg.string({ required: true }),
    },
    ...runs(changePayoutAddress),
    resolve: async (_, args, ctx) =>
      changePayoutAddress(await ctx.actor(), { db: ctx.db, client: delegationClient(ctx) }, args),
  }),
}))
