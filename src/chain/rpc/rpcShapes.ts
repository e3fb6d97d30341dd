import type { Address, Hash, Hex } from 'viem'
import * as z from 'zod/v4/mini'

/**
 * The shapes of the RPC answers the chain code reads. A whole answer is checked only as far as its
 * frame (an array, an object or null); each item in it is checked on its own by its reader, so one
 * odd item never throws away the rest. Quantities are taken as hex or as JSON integers (Anvil's
 * `trace_block` and receipts send some as numbers); hashes and addresses are lowercased.
 */

const hexPattern = /^0x[0-9a-f]*$/i
export const hexData = z.pipe(
  z.string().check(z.regex(hexPattern, 'expected hex data')),
  z.transform((v) => v.toLowerCase() as Hex),
)
export const quantity = z.pipe(
  z.union([
    z.string().check(z.regex(/^0x[0-9a-f]{1,64}$/i, 'expected a hex quantity')),
    z.int().check(z.nonnegative()),
  ]),
  z.transform((v) => BigInt(v)),
)
export const hash = z.pipe(
  z.string().check(z.regex(/^0x[0-9a-f]{64}$/i, 'expected a 32-byte hash')),
  z.transform((v) => v.toLowerCase() as Hash),
)
export const address = z.pipe(
  z.string().check(z.regex(/^0x[0-9a-f]{40}$/i, 'expected an address')),
  z.transform((v) => v.toLowerCase() as Address),
)

/** An answer that is a list: its items are checked one by one where they are read. */
export const list = z.array(z.unknown())

/** `eth_getLogs`'s log, as the watcher needs it whole: a log missing any of these is read another way. */
export const logShape = z.object({
  address,
  topics: z.array(hash),
  data: hexData,
  blockNumber: quantity,
  blockHash: hash,
  transactionHash: hash,
  logIndex: quantity,
  removed: z.optional(z.nullable(z.boolean())),
  blockTimestamp: z.optional(z.nullable(quantity)),
})
export type RpcLog = z.infer<typeof logShape>

/** A transaction in a full block or from `eth_getTransactionByHash`. */
export const transactionShape = z.object({
  hash,
  from: address,
  to: z.nullish(address),
  value: quantity,
  input: hexData,
  blockHash: z.nullish(hash),
})
export type RpcTransaction = z.infer<typeof transactionShape>

/** `eth_getBlockByNumber`: null for a block the node does not have; transactions are checked one by one. */
export const blockShape = z.nullable(
  z.object({
    number: quantity,
    hash: z.nullish(hash),
    parentHash: hash,
    timestamp: quantity,
    logsBloom: z.nullish(hexData),
    transactions: z.optional(z.array(z.unknown())),
  }),
)

/** A `newHeads` notification's header: every field the watcher follows the chain by is required. */
export const newHeadShape = z.object({
  number: quantity,
  hash,
  parentHash: hash,
  timestamp: quantity,
  logsBloom: z.nullish(hexData),
})
export type RpcNewHead = z.infer<typeof newHeadShape>

export const receiptShape = z.nullable(
  z.object({
    transactionHash: hash,
    blockHash: hash,
    blockNumber: quantity,
    status: z.optional(z.nullable(quantity)),
    logs: z.array(z.unknown()),
  }),
)

/** A receipt's log: the same as `eth_getLogs`'s. */
export const receiptLogShape = logShape

type CallFrame = {
  type: string
  from: Address
  to?: Address | null | undefined
  value?: bigint | null | undefined
  input?: Hex | null | undefined
  error?: string | null | undefined
  calls?: CallFrame[] | null | undefined
}
/** A frame of geth's call tracer (also Erigon's, Nethermind's and Reth's `debug_trace*`). */
export const callFrameShape: z.ZodMiniType<CallFrame> = z.object({
  type: z.string(),
  from: address,
  to: z.nullish(address),
  value: z.nullish(quantity),
  input: z.nullish(hexData),
  error: z.nullish(z.string()),
  get calls() {
    return z.nullish(z.array(callFrameShape))
  },
})

/**
 * One transaction's entry in `debug_traceBlockByNumber`: its trace, or the node's words why there is
 * none (geth for a trace that failed, Anvil for blocks from before a restart from saved state).
 */
export const debugTraceShape = z.object({
  txHash: z.nullish(hash),
  result: z.optional(z.unknown()),
  error: z.nullish(z.string()),
})

/** One entry of `trace_block` (Erigon, Nethermind, Reth, Anvil): rewards and creations have other actions. */
export const parityTraceShape = z.object({
  type: z.string(),
  action: z.unknown(),
  error: z.nullish(z.string()),
  traceAddress: z.array(z.int()),
  transactionHash: z.nullish(hash),
})
export const parityCallShape = z.object({
  callType: z.nullish(z.string()),
  from: address,
  to: z.nullish(address),
  value: z.nullish(quantity),
  input: z.nullish(hexData),
})

/** What is wrong with an answer, in a few words: where and what was expected. */
export function shapeWords(error: z.core.$ZodError): string {
  return error.issues
    .slice(0, 2)
    .map((issue) => {
      const where = issue.path.length ? issue.path.join('.') : 'the answer'
      const what =
        issue.code === 'invalid_type'
          ? `expected ${issue.expected}`
          : issue.code === 'invalid_union'
            ? 'expected a hex quantity'
            : issue.message !== 'Invalid input'
              ? issue.message
              : issue.code.replace(/_/g, ' ')
      return `${where}: ${what}`
    })
    .join('; ')
}

/** The item as the shape reads it, or the words saying why it cannot be. */
export function readItem<T>(
  shape: z.ZodMiniType<T>,
  item: unknown,
): { ok: true; value: T } | { ok: false; words: string } {
  const parsed = shape.safeParse(item)
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, words: shapeWords(parsed.error) }
}
