import { and, eq, inArray } from 'drizzle-orm'
import { formatEther, getAddress, type Address } from 'viem'
import type { Db } from '../db/createDatabase.ts'
import { relays } from '../db/schema.ts'
import { newShortId } from '../domain/shortId.ts'
import { currentFees, worstCost } from './relayFees.ts'
import { findRelayer } from './relayerStore.ts'
import { clientOf, type RelayerServices } from './relayerServices.ts'
import type { RelayRow } from './sendRelay.ts'
import { BadUserInputError } from '../domain/errors/input.ts'
import { NotFoundError } from '../domain/errors/access.ts'

const TRANSFER_GAS = 21_000n

/** What a withdrawal sends, read from the chain before the change's transaction. */
export type WithdrawalAmount = { relayer: Address; value: bigint }

/**
 * Step one of withdrawing what the relayer holds, before the change's transaction: the relayer's
 * balance and the chain's fees asked, the withdrawal being the balance less the fee of this transfer.
 * Refused while relays are in flight: they need the fee.
 */
export async function withdrawalAmount(
  services: Pick<RelayerServices, 'db' | 'clients'>,
  payee: Address,
  chainId: number,
): Promise<WithdrawalAmount> {
  const relayer = await findRelayer(services.db, payee, chainId)
  if (!relayer)
    throw new NotFoundError({
      field: 'chainId',
      shortMessage: `You have no relayer on chain ${chainId}.`,
    })
  await assertNoneInFlight(services.db, relayer.address)
  const client = clientOf(services, chainId)
  const [funds, fees] = await Promise.all([
    client.getBalance({ address: relayer.address as Address }),
    currentFees(client),
  ])
  const cost = worstCost(TRANSFER_GAS, fees)
  if (funds <= cost)
    throw new BadUserInputError({
      field: 'chainId',
      shortMessage: `The relayer holds ${formatEther(funds)}: not more than the ${formatEther(cost)} its transfer would cost.`,
    })
  return { relayer: relayer.address as Address, value: funds - cost }
}

/**
 * Step two, in the change's transaction: records the withdrawal to the business's payout address
 * (`payoutAddress`) as a waiting relay, for `sendRelay` to sign and broadcast once it is committed
 * (the monitor sends a waiting relay a stopped server left). It goes through the same nonce sequence
 * as relays; one that went in flight since step one refuses it.
 */
export async function recordWithdrawal(
  db: Db,
  payee: Address,
  chainId: number,
  payoutAddress: Address,
  { relayer, value }: WithdrawalAmount,
): Promise<RelayRow> {
  await assertNoneInFlight(db, relayer)
  const [relay] = await db
    .insert(relays)
    .values({
      id: newShortId(),
      payee: getAddress(payee),
      chainId,
      relayer,
      kind: 'withdrawal',
      target: getAddress(payoutAddress),
      data: '0x',
      value: String(value),
      gasLimit: String(TRANSFER_GAS),
      state: 'waiting',
    })
    .returning()
  return relay!
}

async function assertNoneInFlight(db: Db, relayer: string) {
  const inFlight = await db
    .select({ id: relays.id })
    .from(relays)
    .where(and(eq(relays.relayer, relayer), inArray(relays.state, ['waiting', 'signed', 'sent'])))
  if (inFlight.length > 0)
    throw new BadUserInputError({
      field: 'chainId',
      shortMessage: `${inFlight.length} relay(s) of this relayer are still in flight: withdraw once they are mined.`,
    })
}
