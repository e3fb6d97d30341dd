import { erc20Abi, getAbiItem, toFunctionSelector, type Hex } from 'viem'
import { sameAddress } from '../../domain/sameAddress.ts'
import { getAuthorizationLogs } from '../../chain/rpc/getAuthorizationLogs.ts'
import { ADDRESSES_PER_QUERY } from '../../chain/rpc/getLogsInRanges.ts'
import { getTransferLogs, type TransferLog } from '../../chain/rpc/getTransferLogs.ts'
import { tokensReading } from '../../payments/methods/registry.ts'
import type { IncomingTransfer } from '../match/matchPayments.ts'
import { transferKey } from '../match/matchRange.ts'
import type { WatcherContext, WatcherState } from '../watcherState.ts'
import { bloomRulesOut } from './bloomFilter.ts'
import type { RpcTransaction } from './readHeader.ts'
import { readTransactions } from './readTransactions.ts'

const TRANSFER_SELECTOR = toFunctionSelector(getAbiItem({ abi: erc20Abi, name: 'transfer' }))
const readKey = (l: TransferLog) => `${l.txHash}:${l.logIndex}:${l.blockHash}`

/**
 * A transaction that is the sender's own `transfer` call on the token carries out no authorization:
 * the token runs only `transfer`. Only other transactions (a relay, a wallet's batch) are looked up.
 */
const isPlainTransferCall = (l: TransferLog, tx: RpcTransaction | null | undefined) =>
  !!tx &&
  tx.input.slice(0, 10).toLowerCase() === TRANSFER_SELECTOR &&
  sameAddress(tx.to, l.token) &&
  sameAddress(tx.from, l.from)

/** A transfer log with its transaction's input, as the match stage reads it. */
export const transferOf = (l: TransferLog, input: Hex): IncomingTransfer => ({
  asset: l.token,
  txHash: l.txHash,
  logIndex: l.logIndex,
  from: l.from,
  to: l.to,
  amount: l.amount,
  blockNumber: l.blockNumber,
  blockHash: l.blockHash,
  blockTime: l.blockTime,
  input,
})

/** Token transfers to payees in [from, to], each with its transaction's input; and the first block the node answered inconsistently for. */
export async function readTokenTransfers(
  ctx: WatcherContext,
  state: WatcherState,
  { from, to, latest }: { from: bigint; to: bigint; latest: bigint },
): Promise<{ transfers: IncomingTransfer[]; inconsistentAt: bigint | undefined }> {
  const { payees, rpc } = ctx
  if (payees.tokens.length === 0 || payees.tokenPayees.length === 0 || bloomRulesOut(ctx, state, from, to))
    return { transfers: [], inconsistentAt: undefined }
  // Blocks at either end whose logs are known already (or ruled out by their bloom) are not asked again.
  const { first, last, settledTransfers } = unsettledSpan(ctx, state, from, to)
  const keptFromCache = (transfers: IncomingTransfer[]) => {
    if (transfers.some((t) => t.blockNumber === latest)) state.lastPaidHead = latest
    return { transfers, inconsistentAt: undefined }
  }
  if (first > last) return keptFromCache(settledTransfers)
  const { transfers: logs, gaps } = await getTransferLogs(rpc, ctx.rangeSize, {
    tokens: payees.tokens,
    payees: payees.tokenPayees,
    from: first,
    to: last,
  })
  state.gaps.push(...gaps)
  let inconsistentAt: bigint | undefined
  const distrust = (block: bigint, why: string) => {
    if (inconsistentAt === undefined || block < inconsistentAt) inconsistentAt = block
    const line = `${ctx.label}: ${why}; block ${block} will be read again`
    if (line !== state.lastDistrust) ctx.logger.warn(line)
    state.lastDistrust = line
  }
  const accepted = logs.filter((l) => {
    // The whole answer is suspect: nothing of the range is taken, so nothing in it is lost.
    if (l.blockNumber > latest || l.blockNumber < first || l.blockNumber > last)
      return (
        distrust(
          first,
          `the node sent a log for block ${l.blockNumber}, outside the range asked (${first}–${last}, head ${latest})`,
        ),
        false
      )
    const known = state.seen.get(l.blockNumber)
    if (known && known.hash !== l.blockHash)
      return (
        distrust(l.blockNumber, `a log's block hash ${l.blockHash} is not block ${l.blockNumber}'s (${known.hash})`),
        false
      )
    return true
  })
  // A log re-read in the same block was read in full before: only new ones cost calls.
  const cached = (l: TransferLog) => state.transfersRead.get(readKey(l))
  const fresh = accepted.filter((l) => !cached(l))
  const blockOf = new Map(fresh.map((l) => [l.txHash, l.blockHash]))
  const hashes = [...blockOf.keys()]
  // The head read whole (payments arriving block after block) already holds its transactions.
  const inputs = await readTransactions(
    ctx,
    state,
    hashes,
    (hash) => blockOf.get(hash) === state.headTransactions?.blockHash,
  )
  if (accepted.some((l) => l.blockNumber === latest) || settledTransfers.some((t) => t.blockNumber === latest))
    state.lastPaidHead = latest
  const authorizations = await readAuthorizations(
    ctx,
    fresh.filter((l) => !isPlainTransferCall(l, inputs.get(l.txHash))),
    { from: first, to: last },
  )
  const transfers: IncomingTransfer[] = [...settledTransfers]
  for (const l of accepted) {
    const known = cached(l)
    if (known) {
      transfers.push(known)
      continue
    }
    const tx = inputs.get(l.txHash)
    if (!tx || tx.blockHash?.toLowerCase() !== l.blockHash) {
      distrust(l.blockNumber, `transaction ${l.txHash} is not in block ${l.blockHash} as its log says`)
      continue
    }
    const transfer: IncomingTransfer = {
      ...transferOf(l, tx.input),
      ...(authorizations.has(transferKey(l)) ? { authorizationNonce: authorizations.get(transferKey(l))! } : {}),
    }
    if (l.blockNumber + ctx.window >= latest) state.transfersRead.set(readKey(l), transfer)
    transfers.push(transfer)
  }
  if (gaps.length === 0 && payees.tokenPayees.length <= ADDRESSES_PER_QUERY)
    for (const t of transfers) {
      const hash = state.seen.get(t.blockNumber)?.hash
      const consistent = inconsistentAt === undefined || t.blockNumber < inconsistentAt
      if (consistent && hash === t.blockHash && t.blockNumber + ctx.window >= latest)
        state.logsSettled.set(t.blockNumber, hash)
    }
  return { transfers, inconsistentAt }
}

/**
 * The blocks of [from, to] still to ask for, from the first to the last that is neither ruled out by
 * its bloom nor settled; and the transfers already read of the settled blocks outside them. A block
 * is settled once an answer held a transfer of it at its canonical hash: the node had indexed that
 * block then (nodes index a block's logs at once), so reading it again could only repeat that answer;
 * a block whose answer was empty is read again on each pass (a lagging log index answers empty).
 * The whole filter is one query per range (at most `ADDRESSES_PER_QUERY` payees), or nothing settles.
 */
function unsettledSpan(ctx: WatcherContext, state: WatcherState, from: bigint, to: bigint) {
  const key = `${ctx.payees.tokens.length}:${ctx.payees.tokenPayees.length}`
  // A payee or token added since: what was read did not ask for it.
  if (state.logsSettledFor !== key) state.logsSettled.clear()
  state.logsSettledFor = key
  const settled = (n: bigint) => {
    const hash = state.seen.get(n)?.hash
    return hash !== undefined && (state.logsSettled.get(n) === hash || bloomRulesOut(ctx, state, n, n))
  }
  let first = from
  let last = to
  while (first <= last && settled(first)) first++
  while (last >= first && settled(last)) last--
  const settledTransfers = [...state.transfersRead.values()].filter(
    (t) =>
      t.blockNumber >= from &&
      t.blockNumber <= to &&
      (t.blockNumber < first || t.blockNumber > last) &&
      state.logsSettled.get(t.blockNumber) === t.blockHash &&
      state.seen.get(t.blockNumber)?.hash === t.blockHash,
  )
  return { first, last, settledTransfers }
}

/**
 * The nonce of the ERC-3009 authorization behind each transfer that carried one out, by transfer:
 * the token's `AuthorizationUsed` by the sender, in the same transaction, right before the transfer
 * (FiatToken logs it just before the `Transfer`). Read from the logs, so whoever submitted it counts.
 */
async function readAuthorizations(
  ctx: WatcherContext,
  transfers: readonly TransferLog[],
  { from, to }: { from: bigint; to: bigint },
): Promise<Map<string, Hex>> {
  const tokens = tokensReading(ctx.chain.tokens, 'authorization-logs')
  const authorized = transfers.filter((t) => tokens.includes(t.token))
  const nonces = new Map<string, Hex>()
  if (authorized.length === 0) return nonces
  const authorizers = [...new Set(authorized.map((t) => t.from))]
  const used = await getAuthorizationLogs(ctx.rpc, ctx.rangeSize, { tokens, authorizers, from, to })
  for (const transfer of authorized) {
    // Only the log right before: another transfer of the same sender in the transaction is not this authorization's.
    const own = used.find(
      (u) =>
        u.txHash === transfer.txHash &&
        u.token === transfer.token &&
        u.authorizer === transfer.from &&
        u.logIndex === transfer.logIndex - 1,
    )
    if (own) nonces.set(transferKey(transfer), own.nonce)
  }
  return nonces
}
