import { and, desc, eq, gt, min, sql } from 'drizzle-orm'
import { encodeEventTopics, erc20Abi, getAddress, hexToBytes, pad, type Address, type Hash, type Hex } from 'viem'
import type { Database } from '../../db/createDatabase.ts'
import { chainCursors, paymentRequests, payments, recentBlocks } from '../../db/schema.ts'
import { BaseError } from '../../domain/baseError.ts'
import { NATIVE_ASSET } from '../../domain/paymentRequest.ts'
import type { ActiveChain } from '../chains.ts'
import type { ChainRpc } from '../rpc/chainRpc.ts'
import { getTransferLogs } from '../rpc/getTransferLogs.ts'
import { createLogRangeSize } from '../rpc/logRangeSize.ts'
import { bloomBits, bloomMayContain } from '../rpc/logsBloom.ts'
import {
  detectTracing,
  readNativeTransfers,
  readTopLevelNativeTransfers,
  type NativeTransfer,
  type Tracing,
} from '../rpc/nativeTransfers.ts'
import { createChainHealth } from './chainHealth.ts'
import { candidateReferences, matchPayments, type CandidateRequest, type IncomingTransfer } from './matchPayments.ts'
import { createPayeeDirectory } from './payeeDirectory.ts'
import { recomputeStatuses, requestsDueForRecompute } from '../../payments/recomputeStatuses.ts'
import { writeRange, type Cursor } from './writeRange.ts'

/**
 * Blocks behind the head read again on every pass however few confirmations a chain asks: nodes
 * behind a load balancer answer for a head whose logs they have not indexed yet.
 */
export const MIN_REREAD_BLOCKS = 4
/** Blocks written per database transaction. */
const BATCH_BLOCKS = 2000n
/** A pass stops starting new batches after this long, so expiry and health never wait for a long backfill. */
const PASS_BUDGET_MS = 3000
/** Blocks whose native transfers are read at once. */
const NATIVE_CONCURRENCY = 25

export class ChainReadError extends BaseError {
  override name = 'ChainReadError'
  constructor(details: string) {
    super({
      code: 'CHAIN_READ_INCONSISTENT',
      shortMessage: 'The node answered inconsistently; the blocks will be read again.',
      details,
    })
  }
}

export type PassOutcome = {
  /** Requests whose status changed. */
  changed: string[]
  /** False while blocks remain to be read (a backfill in progress): the next pass should start at once. */
  caughtUp: boolean
  failed: boolean
  /** Whether this pass met a new head. */
  newHead: boolean
  /** The chain's block time when its blocks come at a steady pace (not a dev chain mining on demand). */
  blockIntervalMs: number | undefined
}

export type ChainWatcher = { runOnce(): Promise<PassOutcome> }

type Header = { number: bigint; hash: Hash; parentHash: Hash; timestamp: bigint; logsBloom: Uint8Array | undefined }
type RpcBlock = { number: Hex; hash: Hash | null; parentHash: Hash; timestamp: Hex; logsBloom?: Hex | null }
type RpcTransaction = { input: Hex; blockHash: Hash | null }

const [TRANSFER_TOPIC] = encodeEventTopics({ abi: erc20Abi, eventName: 'Transfer' })
const TRANSFER_BITS = bloomBits(TRANSFER_TOPIC!)

/**
 * The watcher of one chain. Each pass: the head, the canonical chain behind it (a reorg below the
 * cursor rolls back), then [cursor + 1, head] in batches — logs filtered by payee in ranges the
 * provider accepts, native transfers from traces where the node can trace — matched per transfer and
 * written with the cursor in one transaction each. The cursor stays `window` blocks behind the head,
 * so every pass reads the not-yet-final blocks again. Expiry and health run whatever failed before.
 */
export function createChainWatcher({
  database,
  chain,
  rpc,
  log = () => {},
  logRangeBlocks = 2000,
}: {
  database: Database
  chain: ActiveChain
  rpc: ChainRpc
  log?: (line: string) => void
  /** The first `eth_getLogs` range; it adapts to what the provider accepts. */
  logRangeBlocks?: number
}): ChainWatcher {
  const db = database.db
  const chainId = chain.chain.id
  const window = BigInt(Math.max(chain.confirmations, MIN_REREAD_BLOCKS))
  const rangeSize = createLogRangeSize(logRangeBlocks)
  const payees = createPayeeDirectory(db, chainId)
  const health = createChainHealth({ db, chainId, chainName: chain.chain.name, log })
  /** Canonical headers of the blocks the passes re-read. */
  const seen = new Map<bigint, Header>()
  /** Blocks whose native transfers were read, with the hash they were read at. */
  const nativeRead = new Map<bigint, Hash>()
  let nativeReadThrough: bigint | undefined
  let tracing: Tracing | undefined
  let lookBackFrom: bigint | undefined
  let head: bigint | undefined
  let headHash: Hash | undefined
  let readThrough: bigint | undefined
  let lastReadAt = 0
  const payeeBits = new Map<string, number[]>()
  let lastDistrust: string | undefined
  const label = `[watcher] chain ${chainId} (${chain.chain.name})`

  const header = async (block: bigint | 'latest'): Promise<Header> => {
    const raw = (await rpc.request({
      method: 'eth_getBlockByNumber',
      params: [typeof block === 'bigint' ? hex(block) : block, false],
    })) as RpcBlock | null
    if (!raw?.hash) throw new ChainReadError(`the node has no block ${block} yet`)
    return {
      number: BigInt(raw.number),
      hash: raw.hash.toLowerCase() as Hash,
      parentHash: raw.parentHash.toLowerCase() as Hash,
      timestamp: BigInt(raw.timestamp),
      logsBloom: raw.logsBloom ? hexToBytes(raw.logsBloom) : undefined,
    }
  }

  const readCursor = async (): Promise<Cursor | undefined> => {
    const [row] = await db.select().from(chainCursors).where(eq(chainCursors.chainId, chainId))
    return row ? { number: row.blockNumber, hash: row.blockHash.toLowerCase() as Hash } : undefined
  }

  /** With no cursor: the block before the oldest request on this chain (or the head when there is none). */
  const startCursor = async (latest: bigint): Promise<Cursor> => {
    const [row] = await db
      .select({ first: min(paymentRequests.createdBlock) })
      .from(paymentRequests)
      .where(eq(paymentRequests.chainId, chainId))
    const first = row?.first === null || row?.first === undefined ? latest + 1n : BigInt(row.first)
    const number = first > latest + 1n ? latest : first > 0n ? first - 1n : 0n
    return { number, hash: (await header(number)).hash }
  }

  /**
   * Makes `seen` the canonical chain of the re-read window, from the head down. Returns false when
   * the cursor's own block was reorged away.
   */
  const follow = async (latest: Header, cursor: Cursor): Promise<boolean> => {
    for (const n of seen.keys()) if (n > latest.number || n < latest.number - window - 1n) seen.delete(n)
    for (const n of nativeRead.keys()) if (!seen.has(n)) nativeRead.delete(n)
    seen.set(latest.number, latest)
    if (latest.number < cursor.number) return false // the chain is shorter than what was read: a reorg, or a dev chain started afresh
    if (latest.number === cursor.number) return latest.hash === cursor.hash
    const floor = cursor.number > latest.number - window ? cursor.number : latest.number - window
    let expected = latest.parentHash
    for (let n = latest.number - 1n; n >= floor; n--) {
      if (n === cursor.number) return expected === cursor.hash
      if (seen.get(n)?.hash === expected) return true // checked on an earlier pass down to the cursor
      const canonical = await header(n)
      seen.set(n, canonical)
      expected = canonical.parentHash
    }
    return (await header(cursor.number)).hash === cursor.hash
  }

  /** Drops what orphaned blocks brought and moves the cursor back to the last block both chains share. */
  const rollBack = async (latest: bigint): Promise<{ cursor: Cursor; changed: string[] }> => {
    const stored = await db
      .select()
      .from(recentBlocks)
      .where(eq(recentBlocks.chainId, chainId))
      .orderBy(desc(recentBlocks.blockNumber))
    let ancestor: Cursor | undefined
    for (const block of stored) {
      if (block.blockNumber > latest) continue
      const canonical = await header(block.blockNumber)
      if (canonical.hash === block.blockHash.toLowerCase()) {
        ancestor = { number: block.blockNumber, hash: canonical.hash }
        break
      }
    }
    if (!ancestor) {
      // Deeper than the blocks remembered: start again from just below the oldest of them.
      const floor = (stored.at(-1)?.blockNumber ?? 1n) - 1n
      const number = floor < 0n ? 0n : floor > latest ? latest : floor
      ancestor = { number, hash: (await header(number)).hash }
    }
    log(`${label}: reorg below the cursor; rolled back to block ${ancestor.number}`)
    const changed = await db.transaction(async (tx) => {
      const dropped = await tx
        .delete(payments)
        .where(and(eq(payments.chainId, chainId), gt(payments.blockNumber, ancestor.number)))
        .returning({ requestId: payments.requestId })
      await tx
        .delete(recentBlocks)
        .where(and(eq(recentBlocks.chainId, chainId), gt(recentBlocks.blockNumber, ancestor.number)))
      await tx
        .insert(chainCursors)
        .values({ chainId, blockNumber: ancestor.number, blockHash: ancestor.hash })
        .onConflictDoUpdate({
          target: chainCursors.chainId,
          set: { blockNumber: ancestor.number, blockHash: ancestor.hash, updatedAt: new Date() },
        })
      return recomputeStatuses(tx, [...new Set(dropped.map((d) => d.requestId))], {
        head: latest,
        confirmations: chain.confirmations,
      })
    })
    seen.clear()
    nativeRead.clear()
    nativeReadThrough = ancestor.number
    return { cursor: ancestor, changed }
  }

  /** The block time from the recent headers' timestamps, if every gap is the same (a chain that mines on demand has none). */
  const steadyInterval = (): number | undefined => {
    const gaps: bigint[] = []
    for (const [n, h] of seen) {
      const previous = seen.get(n - 1n)
      if (previous) gaps.push(h.timestamp - previous.timestamp)
    }
    if (gaps.length < 3 || gaps.some((gap) => gap !== gaps[0]) || gaps[0]! <= 0n) return undefined
    return Number(gaps[0]!) * 1000
  }

  /** Whether the headers of [from, to] are all known and their blooms rule out every transfer to a payee. */
  const bloomRulesOut = (from: bigint, to: bigint): boolean => {
    const tokenBits = payees.tokens.map((token) => bloomBits(token.toLowerCase() as Hex))
    for (let n = from; n <= to; n++) {
      const bloom = seen.get(n)?.logsBloom
      if (!bloom) return false
      if (!bloomMayContain(bloom, TRANSFER_BITS) || !tokenBits.some((bits) => bloomMayContain(bloom, bits))) continue
      if (payees.tokenPayees.some((payee) => bloomMayContain(bloom, bitsOfPayee(payee)))) return false
    }
    return true
  }
  const bitsOfPayee = (payee: Address) => {
    let bits = payeeBits.get(payee)
    if (!bits) payeeBits.set(payee, (bits = bloomBits(pad(payee.toLowerCase() as Hex))))
    return bits
  }

  /** Token transfers to payees in [from, to], each with its transaction's input; and the first block the node answered inconsistently for. */
  const readTokenTransfers = async (from: bigint, to: bigint, latest: bigint) => {
    if (payees.tokens.length === 0 || payees.tokenPayees.length === 0 || bloomRulesOut(from, to))
      return { transfers: [], inconsistentAt: undefined }
    const logs = await getTransferLogs(rpc, rangeSize, { tokens: payees.tokens, payees: payees.tokenPayees, from, to })
    let inconsistentAt: bigint | undefined
    const distrust = (block: bigint, why: string) => {
      if (inconsistentAt === undefined || block < inconsistentAt) inconsistentAt = block
      const line = `${label}: ${why}; block ${block} will be read again`
      if (line !== lastDistrust) log(line)
      lastDistrust = line
    }
    const accepted = logs.filter((l) => {
      // The whole answer is suspect: nothing of the range is taken, so nothing in it is lost.
      if (l.blockNumber > latest || l.blockNumber < from || l.blockNumber > to)
        return (
          distrust(
            from,
            `the node sent a log for block ${l.blockNumber}, outside the range asked (${from}–${to}, head ${latest})`,
          ),
          false
        )
      const known = seen.get(l.blockNumber)
      if (known && known.hash !== l.blockHash)
        return (
          distrust(l.blockNumber, `a log's block hash ${l.blockHash} is not block ${l.blockNumber}'s (${known.hash})`),
          false
        )
      return true
    })
    const hashes = [...new Set(accepted.map((l) => l.txHash))]
    const txs = (await Promise.all(
      hashes.map((hash) => rpc.request({ method: 'eth_getTransactionByHash', params: [hash] })),
    )) as (RpcTransaction | null)[]
    const inputs = new Map(hashes.map((hash, i) => [hash, txs[i]]))
    const transfers: IncomingTransfer[] = []
    for (const l of accepted) {
      const tx = inputs.get(l.txHash)
      if (!tx || tx.blockHash?.toLowerCase() !== l.blockHash) {
        distrust(l.blockNumber, `transaction ${l.txHash} is not in block ${l.blockHash} as its log says`)
        continue
      }
      transfers.push({
        asset: l.token,
        txHash: l.txHash,
        logIndex: l.logIndex,
        from: l.from,
        to: l.to,
        amount: l.amount,
        blockNumber: l.blockNumber,
        blockHash: l.blockHash,
        blockTime: l.blockTime,
        input: tx.input,
      })
    }
    return { transfers, inconsistentAt }
  }

  /** Native transfers to payees in the blocks of [from, to] not yet read at their current hash. */
  const readNative = async (from: bigint, to: bigint): Promise<IncomingTransfer[]> => {
    if (payees.nativePayees.size === 0) return []
    if (tracing === undefined) {
      tracing = await detectTracing(rpc, to)
      if (tracing === 'none')
        log(
          `${label}: the RPC cannot trace (no debug_traceBlockByNumber or trace_block); native payments sent from smart-contract wallets will not be seen`,
        )
    }
    const mode = tracing ?? 'none'
    const blocks: bigint[] = []
    for (let n = from; n <= to; n++) {
      const known = seen.get(n)
      if (nativeReadThrough !== undefined && n <= nativeReadThrough && (!known || nativeRead.get(n) === known.hash))
        continue
      blocks.push(n)
    }
    const transfers: IncomingTransfer[] = []
    for (let i = 0; i < blocks.length; i += NATIVE_CONCURRENCY) {
      await Promise.all(
        blocks.slice(i, i + NATIVE_CONCURRENCY).map(async (n) => {
          const calls: NativeTransfer[] =
            mode === 'none'
              ? await readTopLevelNativeTransfers(rpc, n, payees.nativePayees)
              : await readNativeTransfers(rpc, mode, n, payees.nativePayees)
          const known = seen.get(n)
          const block = known ?? (calls.length ? await header(n) : undefined)
          // Below the re-read window the block is final: nativeReadThrough covers it.
          if (known) nativeRead.set(n, known.hash)
          for (const call of calls)
            transfers.push({
              asset: NATIVE_ASSET,
              txHash: call.txHash,
              logIndex: -1 - call.position,
              from: call.from,
              to: call.to,
              amount: call.amount,
              blockNumber: n,
              blockHash: block!.hash,
              blockTime: block!.timestamp,
              input: call.input,
            })
        }),
      )
    }
    return transfers
  }

  /** The requests the transfers' references name, looked up in the database. */
  const candidates = async (transfers: readonly IncomingTransfer[]): Promise<Map<string, CandidateRequest>> => {
    const references = candidateReferences(transfers)
    if (references.length === 0) return new Map()
    const rows = await db
      .select({
        id: paymentRequests.id,
        asset: paymentRequests.asset,
        payee: paymentRequests.payee,
        payer: paymentRequests.payer,
        reference: paymentRequests.reference,
      })
      .from(paymentRequests)
      .where(
        and(
          eq(paymentRequests.chainId, chainId),
          sql`${paymentRequests.reference} in (select json_array_elements_text(${JSON.stringify(references)}::json))`,
        ),
      )
    return new Map(
      rows.map((r) => [
        r.reference,
        {
          id: r.id,
          asset: r.asset === NATIVE_ASSET ? NATIVE_ASSET : getAddress(r.asset),
          payee: r.payee as Address,
          payer: r.payer as Address | null,
          reference: r.reference as Hex,
        },
      ]),
    )
  }

  /** Reads, matches and writes [from, to]. Returns how far everything was read consistently. */
  const processBatch = async (
    from: bigint,
    to: bigint,
    latest: Header,
    cursor: Cursor,
  ): Promise<{ readTo: bigint; cursor: Cursor; changed: string[] }> => {
    const [tokens, native] = await Promise.all([readTokenTransfers(from, to, latest.number), readNative(from, to)])
    const transfers = [...tokens.transfers, ...native]
    const matched = matchPayments(transfers, await candidates(transfers))
    // A transfer from before the payee first asked for the asset is none of Billfold's business.
    const unreferenced = matched.unreferenced.filter(
      (t) => (payees.firstRequestBlock(t.asset, t.to) ?? latest.number) < t.blockNumber,
    )
    const untimed = [
      ...new Set(
        [...matched.payments, ...unreferenced]
          .filter((t) => t.blockTime === undefined && !seen.has(t.blockNumber))
          .map((t) => t.blockNumber),
      ),
    ]
    const times = new Map<bigint, bigint>([...seen.values()].map((h) => [h.number, h.timestamp]))
    for (const h of await Promise.all(untimed.map((n) => header(n)))) times.set(h.number, h.timestamp)
    const timed = <T extends { blockNumber: bigint; blockTime: bigint | undefined }>(rows: readonly T[]) =>
      rows
        .filter((t) => t.blockNumber <= readTo)
        .map((t) => ({ ...t, blockTime: t.blockTime ?? times.get(t.blockNumber)! }))
    const readTo = tokens.inconsistentAt !== undefined && tokens.inconsistentAt <= to ? tokens.inconsistentAt - 1n : to
    const target = latest.number - window < readTo ? latest.number - window : readTo
    const next: Cursor | undefined =
      target > cursor.number
        ? { number: target, hash: seen.get(target)?.hash ?? (await header(target)).hash }
        : undefined
    const canonical = new Map([...seen.values()].map((h) => [h.number, h.hash]))
    const changed = await writeRange(db, {
      chainId,
      from,
      to: readTo,
      found: timed(matched.payments),
      unreferenced: timed(unreferenced),
      canonical,
      cursor: next,
      head: latest.number,
      confirmations: chain.confirmations,
    })
    if (readTo >= from && (nativeReadThrough === undefined || readTo > nativeReadThrough)) nativeReadThrough = readTo
    return { readTo, cursor: next ?? cursor, changed }
  }

  return {
    async runOnce() {
      const started = performance.now()
      const changed = new Set<string>()
      let failure: unknown
      let caughtUp = true
      let newHead = false
      try {
        const latest = await header('latest')
        const lookBack = await payees.refresh()
        if (lookBack !== undefined && (lookBackFrom === undefined || lookBack < lookBackFrom)) lookBackFrom = lookBack
        // Nothing new since the last read: only the head was asked. Read again now and then all the same,
        // for a node whose log index lagged when the head last moved.
        if (
          latest.hash === headHash &&
          lookBackFrom === undefined &&
          Date.now() - lastReadAt < 2000 &&
          readThrough === head
        )
          return finish()
        newHead = latest.number !== head
        head = latest.number
        headHash = latest.hash
        let cursor = (await readCursor()) ?? (await startCursor(latest.number))
        if (!(await follow(latest, cursor))) {
          const rolled = await rollBack(latest.number)
          rolled.changed.forEach((id) => changed.add(id))
          cursor = rolled.cursor
          await follow(latest, cursor)
        }
        nativeReadThrough ??= cursor.number
        let from = cursor.number + 1n
        if (lookBackFrom !== undefined && lookBackFrom < from) {
          from = lookBackFrom
          if (nativeReadThrough >= from) nativeReadThrough = from - 1n
        }
        readThrough = from - 1n
        lastReadAt = Date.now()
        while (from <= latest.number) {
          const to = from + BATCH_BLOCKS - 1n < latest.number ? from + BATCH_BLOCKS - 1n : latest.number
          const batch = await processBatch(from, to, latest, cursor)
          batch.changed.forEach((id) => changed.add(id))
          cursor = batch.cursor
          readThrough = batch.readTo
          if (batch.readTo < to)
            throw new ChainReadError(`the node's logs disagree with its blocks at block ${batch.readTo + 1n}`)
          from = to + 1n
          if (performance.now() - started > PASS_BUDGET_MS && from <= latest.number) {
            caughtUp = false
            break
          }
        }
        if (caughtUp) lookBackFrom = undefined
      } catch (error) {
        failure = error
      }
      return finish()

      async function finish(): Promise<PassOutcome> {
        // Time alone expires open requests and matures pending ones, whatever happened to the reading.
        const due = await requestsDueForRecompute(db, chainId)
        for (const id of await recomputeStatuses(db, due, { head: head ?? 0n, confirmations: chain.confirmations }))
          changed.add(id)
        await health.report({
          head,
          readThrough,
          error: failure === undefined ? undefined : describe(failure),
          allowance: window,
        })
        return {
          changed: [...changed],
          caughtUp,
          failed: failure !== undefined,
          newHead,
          blockIntervalMs: steadyInterval(),
        }
      }
    },
  }
}

/** The provider's words, or our own short message; never a request body. */
function describe(error: unknown): string {
  if (error instanceof BaseError) return `${error.shortMessage}${error.details ? ` ${error.details}` : ''}`
  if (!(error instanceof Error)) return String(error)
  return (error as { shortMessage?: string }).shortMessage ?? error.message.split('\n')[0]!
}

const hex = (n: bigint) => `0x${n.toString(16)}` as Hex
