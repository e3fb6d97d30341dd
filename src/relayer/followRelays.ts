import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { formatEther, type Address, type Hash, type Hex, type PublicClient } from 'viem'
import { relays } from '../db/schema.ts'
import { endsBeforeInclusion, latestBlock } from './chainClock.ts'
import { fillNonce } from './fillNonce.ts'
import { currentFees, feesOf, replacementFees, worstCost, type Fees } from './relayFees.ts'
import { feeAboveCapReason } from './relayPayment.ts'
import { findRelayerByAddress, relayerAccount } from './relayerStore.ts'
import { pausedReason, recordWaste } from './revertBudget.ts'
import { clientOf, type RelayerServices } from './relayerServices.ts'
import { broadcast, sendRelay, signRelay, storeVersion, type RelayRow } from './sendRelay.ts'

export type FollowSettings = {
  /** A sent version not mined within this many blocks is replaced with a higher fee. */
  replaceAfterBlocks: number
  /** A signed relay whose broadcast is this old (a server died, the node refused) is broadcast again. */
  rebroadcastAfterMs: number
}

/**
 * One pass over a chain's open relays, oldest nonce first: settle the mined ones from their
 * receipts, broadcast again what was signed but not heard of, replace what is stuck, send what
 * waited for fees or funds, and expire waiting authorizations that ran out. Time is the chain's:
 * a relay whose authorization ended (or ends before a replacement could be mined) is never signed
 * again; its nonce is filled by a transaction that moves nothing.
 */
export async function followRelays(services: RelayerServices, chainId: number, settings: FollowSettings) {
  const open = await services.db
    .select()
    .from(relays)
    .where(and(eq(relays.chainId, chainId), inArray(relays.state, ['waiting', 'signed', 'sent'])))
    .orderBy(asc(relays.txNonce), asc(relays.createdAt))
  if (open.length === 0) return
  const client = clientOf(services, chainId)
  const { number: head, timestamp: chainTime } = await latestBlock(client)
  const minedNonces = new Map<string, Promise<number>>()
  const minedNonceOf = (relayer: string) => {
    if (!minedNonces.has(relayer))
      minedNonces.set(relayer, client.getTransactionCount({ address: relayer as Address, blockTag: 'latest' }))
    return minedNonces.get(relayer)!
  }
  for (const relay of open) {
    try {
      const ends = relay.validBefore ? BigInt(Math.floor(relay.validBefore.getTime() / 1000)) : undefined
      if (relay.state === 'waiting') await retryWaiting(services, client, relay, chainTime)
      else if (relay.txNonce! < (await minedNonceOf(relay.relayer))) await settle(services, client, relay)
      else if (ends !== undefined && !relay.fillHash && chainTime >= ends)
        // The chain's clock passed its end: the relay can only revert now, so its nonce is filled at once.
        await fillNonce(services, client, relay, head)
      else if (relay.state === 'signed') {
        if (Date.now() - relay.updatedAt.getTime() >= settings.rebroadcastAfterMs)
          await rebroadcastOrResign(services, client, relay, head, chainTime)
      } else if (relay.sentAtBlock !== null && head - relay.sentAtBlock >= BigInt(settings.replaceAfterBlocks)) {
        if (relay.fillHash || (ends !== undefined && endsBeforeInclusion(ends, chainTime)))
          await fillNonce(services, client, relay, head)
        else await resign(services, relay, head, replacementFees(feesOf(relay), await currentFees(client)))
      }
    } catch (error) {
      services.logger.warn(
        `[relayer] relay ${relay.id} on chain ${chainId}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
        { chainId, payee: relay.payee },
      )
    }
  }
}

async function retryWaiting(services: RelayerServices, client: PublicClient, relay: RelayRow, chainTime: bigint) {
  if (relay.validBefore && endsBeforeInclusion(BigInt(Math.floor(relay.validBefore.getTime() / 1000)), chainTime)) {
    await finish(services, relay, {
      state: 'expired',
      reason: 'The authorization expired before the relayer could send it: pay with a transaction instead.',
    })
    return
  }
  const relayer = await findRelayerByAddress(services.db, relay.relayer as Address)
  if (relayer?.pausedAt && relay.kind === 'payment') {
    if (relay.reason !== pausedReason(relayer)) await finish(services, relay, { reason: pausedReason(relayer) })
    return
  }
  const [fees, funds] = await Promise.all([
    currentFees(client),
    client.getBalance({ address: relay.relayer as Address }),
  ])
  const cost = worstCost(BigInt(relay.gasLimit), fees)
  const reason =
    relayer?.feeCap != null && cost > BigInt(relayer.feeCap)
      ? feeAboveCapReason
      : funds < cost
        ? `The payee's relayer needs ${formatEther(cost - funds)} more to pay the network fee.`
        : null
  if (reason === null && relay.kind === 'payment') {
    // It waited: the payer's balance or the authorization may have changed since it was checked.
    const refusal = await client
      .estimateGas({ account: relay.relayer as Address, to: relay.target as Address, data: relay.data as Hex })
      .then(
        () => undefined,
        (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0],
      )
    if (refusal && /revert/i.test(refusal)) {
      await finish(services, relay, {
        state: 'expired',
        reason: `The token would refuse this payment now (${refusal}): nothing was sent; pay with a transaction instead.`,
      })
      return
    }
    if (refusal) throw new Error(`the relay could not be simulated: ${refusal}`)
  }
  if (reason === null) await sendRelay(services, relay, fees)
  else if (reason !== relay.reason) await finish(services, relay, { state: 'waiting', reason })
}

/** The relayer's nonce moved past this relay: one of its versions was mined (or, if none, it was dropped). */
async function settle(services: RelayerServices, client: PublicClient, relay: RelayRow) {
  const receipts = await Promise.all(
    relay.transactionHashes.map((hash) => client.getTransactionReceipt({ hash: hash as Hash }).catch(() => undefined)),
  )
  const receipt = receipts.find((r) => r !== undefined)
  if (!receipt) {
    // Mined blocks may not be indexed yet on a provider; a relay whose nonce was taken by nothing of ours is looked at again.
    return
  }
  const filled = receipt.transactionHash === relay.fillHash
  const reverted = !filled && receipt.status !== 'success'
  const fee = receipt.gasUsed * receipt.effectiveGasPrice
  const change: Partial<RelayRow> = {
    state: filled ? 'expired' : reverted ? 'reverted' : 'mined',
    reason: filled
      ? "The authorization expired before its relay was mined: the relayer's nonce was taken by a transaction that moved nothing. Pay with a transaction instead."
      : reverted
        ? 'The relay was mined but the token refused it (the authorization was used first or expired, or the balance was gone).'
        : null,
    transactionHash: receipt.transactionHash,
    minedAtBlock: receipt.blockNumber,
    gasUsed: String(receipt.gasUsed),
    fee: String(fee),
  }
  // The relay's end and what it wasted are one change: the revert that passes the budget pauses the relayer with it.
  const ended = await services.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(relays)
      .set({ ...change, updatedAt: sql`now()` })
      .where(and(eq(relays.id, relay.id), eq(relays.state, relay.state)))
      .returning({ id: relays.id })
    if (updated && (filled || reverted)) await recordWaste(tx, relay.relayer, receipt.gasUsed, fee, reverted)
    return updated
  })
  if (ended && relay.requestId) await services.announce(relay.requestId, relay.payee)
}

/**
 * A signed relay nobody heard of: a server died before broadcasting it (the same bytes again), or
 * the node refused it, most often because fees rose past it since it was signed (signed again, same
 * nonce, at today's fees; a version the node never took needs no 10% outbid).
 */
async function rebroadcastOrResign(
  services: RelayerServices,
  client: PublicClient,
  relay: RelayRow,
  head: bigint,
  chainTime: bigint,
) {
  const now = await currentFees(client)
  if (!relay.reason || now.maxFeePerGas <= BigInt(relay.maxFeePerGas!)) await broadcast(services, relay)
  else if (
    relay.fillHash ||
    (relay.validBefore && endsBeforeInclusion(BigInt(Math.floor(relay.validBefore.getTime() / 1000)), chainTime))
  )
    await fillNonce(services, client, relay, head)
  else await resign(services, relay, head, now)
}

/** The same nonce signed again at `fees` (stored before it is broadcast), unless that passes the payee's cap. */
async function resign(services: RelayerServices, relay: RelayRow, head: bigint, fees: Fees) {
  const relayer = (await findRelayerByAddress(services.db, relay.relayer as Address))!
  if (relayer.feeCap !== null && worstCost(BigInt(relay.gasLimit), fees) > BigInt(relayer.feeCap)) {
    if (relay.reason !== feeAboveCapReason) await finish(services, relay, { reason: feeAboveCapReason })
    return
  }
  const raw = await signRelay(relayerAccount(services.box, relayer), relay, relay.txNonce!, fees)
  if (await storeVersion(services, relay, raw, fees, head))
    services.logger.info(
      `[relayer] relay ${relay.id} (nonce ${relay.txNonce}) signed again at ${fees.maxFeePerGas} wei/gas`,
      { chainId: relay.chainId, payee: relay.payee },
    )
}

async function finish(services: RelayerServices, relay: RelayRow, change: Partial<RelayRow>) {
  await services.db
    .update(relays)
    .set({ ...change, updatedAt: sql`now()` })
    .where(and(eq(relays.id, relay.id), eq(relays.state, relay.state)))
  if (relay.requestId) await services.announce(relay.requestId, relay.payee)
}
