import type { Db } from '../../db/createDatabase.ts'
import { dueRequests } from '../../payments/repository/dueRequests.ts'

/** How far a sale's amount may move to stay apart from the payee's other open ones before the till gives up. */
const MAX_STEPS = 1000n

/**
 * The smallest amount from `amount` up that no other open request of the payee in this token still
 * has due: a plain transfer of exactly it then pays this sale and no other (matchByAmount). At most
 * a few base units more than asked; the till shows the exact amount.
 */
export async function distinctAmount(
  db: Db,
  { payee, chainId, asset, amount }: { payee: string; chainId: number; asset: string; amount: bigint },
): Promise<bigint> {
  const taken = new Set(
    (await dueRequests(db, { chainId, payees: [payee], assets: [asset] })).map((r) => r.due.toString()),
  )
  for (let step = 0n; step < MAX_STEPS; step++) if (!taken.has((amount + step).toString())) return amount + step
  return amount
}
