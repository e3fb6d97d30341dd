import { ponder } from 'ponder:registry'
import { transfer } from 'ponder:schema'

ponder.on('Token:Transfer', async ({ event, context }) => {
  await context.db.insert(transfer).values({
    id: event.id,
    from: event.args.from,
    to: event.args.to,
    amount: event.args.value,
    blockNumber: event.block.number,
    transactionHash: event.transaction.hash,
  })
})
