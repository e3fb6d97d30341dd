import { keccak256, type Address, type PublicClient } from 'viem'
import { currentFees, feesOf, replacementFees } from './relayFees.ts'
import { findRelayerByAddress, relayerAccount } from './relayerStore.ts'
import type { RelayerServices } from './relayerServices.ts'
import { storeVersion, type RelayRow } from './sendRelay.ts'

/** A transfer of nothing to oneself: the cheapest transaction there is. */
const FILL_GAS = 21_000n

/**
 * Takes the nonce a relay held with a transaction that moves nothing (zero to the relayer itself), at
 * a replacement fee, once its authorization can no longer be mined: the relay could only revert, and
 * a nonce left open would hold every later relay. Stored before it is broadcast, like a relay; the
 * fee cap does not apply (a fill costs less than any relay, and without it the relayer is stuck).
 */
export async function fillNonce(services: RelayerServices, client: PublicClient, relay: RelayRow, head: bigint) {
  const relayer = (await findRelayerByAddress(services.db, relay.relayer as Address))!
  const fees = replacementFees(feesOf(relay), await currentFees(client, { fresh: true }))
  const raw = await relayerAccount(services.box, relayer).signTransaction({
    chainId: relay.chainId,
    type: 'eip1559',
    to: relay.relayer as Address,
    value: 0n,
    gas: FILL_GAS,
    nonce: relay.txNonce!,
    ...fees,
  })
  const hash = keccak256(raw)
  const filled = await storeVersion(services, relay, raw, fees, head, {
    reason:
      'The authorization ends before the relay could be mined: its nonce is being taken by a transaction that moves nothing.',
    fillHash: hash,
  })
  if (filled)
    services.logger.info(
      `[relayer] relay ${relay.id} expired by the chain's clock: nonce ${relay.txNonce} filled (${hash})`,
      { chainId: relay.chainId, payee: relay.payee },
    )
}
