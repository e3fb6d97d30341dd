import type { Db } from '../../db/createDatabase.ts'
import { paymentValues } from '../../db/schema.ts'
import type { PaymentValue } from './valueAtBlock.ts'

/** A payment as its value is keyed: each (chain, transaction, log) for the block it is in now. */
export type ValuedPayment = { chainId: number; txHash: string; logIndex: number; blockHash: string }

/** Keeps a payment's value at its block (`valueAtBlock`), with the rounds it came from; a value already kept stays. */
export async function insertBlockValue(db: Db, payment: ValuedPayment, value: PaymentValue) {
  await db
    .insert(paymentValues)
    .values({
      ...payment,
      currency: value.currency,
      value: value.value.toString(),
      basis: value.atBlock ? 'block' : 'latest',
      tokenFeed: value.tokenUsd.feed,
      tokenRound: value.tokenUsd.roundId.toString(),
      tokenAnswer: value.tokenUsd.answer.toString(),
      tokenFeedDecimals: value.tokenUsd.decimals,
      currencyFeed: value.currencyUsd?.feed ?? null,
      currencyRound: value.currencyUsd?.roundId.toString() ?? null,
      currencyAnswer: value.currencyUsd?.answer.toString() ?? null,
      currencyFeedDecimals: value.currencyUsd?.decimals ?? null,
    })
    .onConflictDoNothing()
}
