import { toHex } from 'viem'
import { formatAmount } from '../../../domain/amount.ts'
import { NotFoundError } from '../../../domain/errors/access.ts'
import {
  findPayout,
  findPayoutLine,
  payoutLineCall,
  type PayoutLineRow,
  type PayoutRow,
} from '../../../payments/payouts/preparePayout.ts'
import { payoutCsv } from '../../../payments/payouts/payoutCsv.ts'
import { listPayoutsOf, preparePayoutOf, readPayoutOf } from '../../../merchants/payouts/payoutUseCases.ts'
import { runs } from '../runsUseCase.ts'
import { builder } from '../builder.ts'

type LineView = PayoutLineRow & { payee: string; chainId: number }

const PayoutCall = builder.objectRef<{ to: string; value: bigint; data: string }>('PayoutCall').implement({
  description:
    'One call of the batch the payee’s wallet sends (wallet_sendCalls): a transfer with the line’s reference after it.',
  fields: (t) => ({
    to: t.exposeString('to'),
    value: t.string({ description: 'Wei, as hex.', resolve: (c) => toHex(c.value) }),
    data: t.exposeString('data'),
  }),
})

export const PayoutLine = builder.objectRef<LineView>('PayoutLine').implement({
  description: 'One recipient of a payout; paid only once the chain shows its transfer.',
  fields: (t) => ({
    id: t.exposeString('id', { description: 'Also the recipient’s receipt link: /payout/<id>.' }),
    line: t.exposeInt('line'),
    payoutId: t.exposeString('payoutId'),
    chainId: t.exposeInt('chainId'),
    from: t.exposeString('payee'),
    to: t.exposeString('toAddress'),
    symbol: t.exposeString('symbol'),
    amount: t.string({ description: 'Base units.', resolve: (l) => String(l.amount) }),
    amountDecimal: t.string({ resolve: (l) => formatAmount(BigInt(l.amount), l.decimals) }),
    note: t.exposeString('note'),
    reference: t.exposeString('reference'),
    paid: t.boolean({ resolve: (l) => l.txHash !== null }),
    txHash: t.exposeString('txHash', { nullable: true }),
    blockTime: t.expose('blockTime', { type: 'DateTime', nullable: true }),
    call: t.field({ type: PayoutCall, resolve: (l) => payoutLineCall(l) }),
  }),
})

const Payout = builder.objectRef<{ payout: PayoutRow; lines: PayoutLineRow[] | undefined }>('Payout').implement({
  description: 'Many transfers the payee’s wallet sends in one confirmation, each recorded from the chain.',
  fields: (t) => ({
    id: t.string({ resolve: (p) => p.payout.id }),
    chainId: t.int({ resolve: (p) => p.payout.chainId }),
    createdAt: t.field({ type: 'DateTime', resolve: (p) => p.payout.createdAt }),
    csv: t.string({
      description: 'The payout for the books: each line, whether the chain shows it paid, its transaction and receipt.',
      resolve: async (p, _, ctx) =>
        payoutCsv(p.payout, p.lines ?? (await findPayout(ctx.reads, p.payout.id))?.lines ?? []),
    }),
    lines: t.field({
      type: [PayoutLine],
      description: 'In the order given.',
      resolve: async (p, _, ctx) =>
        (p.lines ?? (await findPayout(ctx.reads, p.payout.id))?.lines ?? []).map((l) => ({
          ...l,
          payee: p.payout.payee,
          chainId: p.payout.chainId,
        })),
    }),
  }),
})

const PayoutLineInput = builder.inputType('PayoutLineInput', {
  fields: (t) => ({
    address: t.string({ required: true }),
    amount: t.string({ required: true, description: 'A decimal in the token, such as "12.5".' }),
    token: t.string({
      required: true,
      description: 'The token’s symbol (USDC) or address, or the native coin’s symbol.',
    }),
    note: t.string({ required: false }),
  }),
})

builder.queryFields((t) => ({
  myPayouts: t.field({
    type: [Payout],
    description: 'The signed-in payee’s payouts, newest first (the latest 100).',
    ...runs(listPayoutsOf),
    resolve: async (_, __, ctx) =>
      (await listPayoutsOf(await ctx.actor(), { db: ctx.reads })).map((payout) => ({ payout, lines: undefined })),
  }),
  payout: t.field({
    type: Payout,
    args: { id: t.arg.string({ required: true }) },
    ...runs(readPayoutOf),
    resolve: async (_, args, ctx) => readPayoutOf(await ctx.actor(), { db: ctx.reads }, args),
  }),
  payoutLine: t.field({
    type: PayoutLine,
    description: 'One recipient’s receipt: public to whoever has its link.',
    args: { id: t.arg.string({ required: true }) },
    resolve: async (_, { id }, ctx) => {
      const found = await findPayoutLine(ctx.reads, id)
      if (!found) throw new NotFoundError({ field: 'id', shortMessage: 'There is no payout line with this id.' })
      return { ...found.line, payee: found.payout.payee, chainId: found.payout.chainId }
    },
  }),
}))

builder.mutationFields((t) => ({
  preparePayout: t.field({
    type: Payout,
    description:
      'Prepares a payout of the signed-in payee for their wallet to send in one confirmation: a CSV (address, amount, token, note) or lines. Every wrong line is named by its row and field (`lines.<row>.<field>`).',
    args: {
      chainId: t.arg.int({ required: true }),
      csv: t.arg.string({ required: false }),
      lines: t.arg({ type: [PayoutLineInput], required: false }),
    },
    ...runs(preparePayoutOf),
    resolve: async (_, { chainId, csv, lines }, ctx) =>
      preparePayoutOf(
        await ctx.actor(),
        { db: ctx.db, chains: ctx.network.chains, clients: ctx.network.clients },
        { chainId, csv, lines: lines?.map((l) => ({ ...l, note: l.note ?? '' })) },
      ),
  }),
}))
