import type { PublicClient } from 'viem'

/** Time for a relay to be mined once sent: an authorization ending sooner is not sent. */
export const INCLUSION_MARGIN_SECONDS = 30n

/** The chain's latest block: its number and its timestamp, the clock a token checks `validBefore` against. */
export async function latestBlock(client: PublicClient): Promise<{ number: bigint; timestamp: bigint }> {
  const block = await client.getBlock({ blockTag: 'latest' })
  return { number: block.number, timestamp: block.timestamp }
}

/**
 * Whether an authorization ending at `validBefore` may have ended before a transaction sent now is
 * mined: the next block is stamped after the latest one (and, on a live chain, about now), plus a
 * margin for the time it waits in the pool. The later of the two clocks decides.
 */
export function endsBeforeInclusion(
  validBefore: bigint,
  chainTime: bigint,
  now = BigInt(Math.floor(Date.now() / 1000)),
) {
  const clock = chainTime > now ? chainTime : now
  return validBefore <= clock + INCLUSION_MARGIN_SECONDS
}
