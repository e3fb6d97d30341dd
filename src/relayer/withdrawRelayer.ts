import { and, eq, inArray } from 'drizzle-orm'
import { formatEther, getAddress, type Address } from 'viem'
import { relays } from '../db/schema.ts'
import { newShortId } from '../domain/shortId.ts'
import { currentFees, worstCost } from './relayFees.ts'
import { findRelayer } from './relayerStore.ts'
import { clientOf, type RelayerServices } from './relayerServices.ts'
import type { RelayRow } from './sendRelay.ts'
import { BadUserInputError } from '../domain/errors/input.ts'
import { NotFoundError } from '../domain/errors/access.ts'

const TRANSFER_GAS = 21_000n

/**
 * Records the withdrawal of what the relayer holds, less the fee of this transfer, to the business's
 * payout address (`payoutAddress`) as a waiting relay, for `sendRelay` to sign and broadcast once it
 * is committed (the monitor sends a waiting relay a stopped server left). It goes through the same
 * nonce sequence as relays. Refused while relays are in flight: they need the fee.
 */
export async function withdrawRelayer(
  services: Pick<RelayerServices, 'db' | 'clients'>,
  payee: Address,
  chainId: number,
  payoutAddress: Address,
): Promise<RelayRow> {
  const relayer = await findRelayer(services.db, payee, chainId)
  if (!relayer)
    throw new NotFoundError({
      field: 'chainId',
      shortMessage: `You have no relayer on chain ${chainId}.`,
    })
  const inFlight = await services.db
    .select({ id: relays.id })
    .from(relays)
    .where(and(eq(relays.relayer, relayer.address), inArray(relays.state, ['waiting', 'signed', 'sent'])))
  if (inFlight.length > 0)
    throw new BadUserInputError({
      field: 'chainId',
      shortMessage: `${inFlight.length} relay(s) of this relayer are still in flight: withdraw once they are mined.`,
    })
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
  const [relay] = await services.db
    .insert(relays)
    .values({
      id: newShortId(),
      payee: getAddress(payee),
      chainId,
      relayer: relayer.address,
      kind: 'withdrawal',
      target: getAddress(payoutAddress),
      data: '0x',
      value: String(funds - cost),
      gasLimit: String(TRANSFER_GAS),
      state: 'waiting',
    })
    .returning()
  return relay!
}
