/**
 * The answers real nodes send that a watcher must read without stopping, as rewrites of a correct
 * answer (for `Faults.rewriteAnswer` in `faultyRpc.ts`). Each is a shape seen from a real node:
 *
 * - geth, for a transaction whose trace failed (a timeout, a tracer error):
 *   `debug_traceBlockByNumber` → `[{ "txHash": "0x…", "error": "execution timeout" }]`
 * - Anvil restarted from saved state (`--state`, as `npm start` runs it), for blocks mined before the
 *   restart: `[{ "error": "Resource not found", "txHash": "0x…" }]` (reproduced for real in
 *   `src/chain/watcher/devChainRestart.test.ts`)
 * - older geth and Nethermind: call-tracer entries without `txHash`, in the block's transaction order
 * - Erigon's `trace_block`: a `reward` entry with no transaction and an action without `from`
 * - Nethermind's and Anvil's `trace_block`: `blockNumber` and `transactionPosition` as JSON numbers
 * - providers' logs with `logIndex`, `transactionIndex` or `blockHash` null (a pending view leaking
 *   into a mined range), and quantities as JSON numbers
 */

type Answer = unknown
type Item = Record<string, unknown>

/** geth's (and Anvil's after a restart) entry for a transaction it could not trace. */
export const traceError =
  (error = 'execution timeout') =>
  (answer: Answer): Answer =>
    Array.isArray(answer) ? answer.map((entry: Item) => ({ txHash: entry.txHash, error })) : answer

/** Older geth's and Nethermind's call-tracer answer: the traces in block order, no hash. */
export const tracesWithoutHash = (answer: Answer): Answer =>
  Array.isArray(answer) ? answer.map((entry: Item) => ({ result: entry.result })) : answer

/** Erigon's `trace_block`: the block reward after the transactions' traces. */
export const withBlockReward = (answer: Answer): Answer =>
  Array.isArray(answer)
    ? [
        ...answer.map((entry: Item) => ({
          ...entry,
          blockNumber: Number((entry as { blockNumber: unknown }).blockNumber),
          transactionPosition: Number((entry as { transactionPosition?: unknown }).transactionPosition ?? 0),
        })),
        {
          action: { author: '0x0000000000000000000000000000000000000000', rewardType: 'block', value: '0x0' },
          blockHash: (answer[0] as Item | undefined)?.blockHash ?? null,
          result: null,
          subtraces: 0,
          traceAddress: [],
          type: 'reward',
        },
      ]
    : answer

/** Logs with their index, transaction index and block hash null: each must be read again from its receipt. */
export const logsWithNulls = (answer: Answer): Answer =>
  Array.isArray(answer)
    ? answer.map((log: Item) => ({ ...log, logIndex: null, transactionIndex: null, blockHash: null }))
    : answer

/** Logs whose quantities are JSON numbers rather than hex strings. */
export const logsWithNumbers = (answer: Answer): Answer =>
  Array.isArray(answer)
    ? answer.map((log: Item) => ({
        ...log,
        blockNumber: Number(log.blockNumber as string),
        logIndex: Number(log.logIndex as string),
      }))
    : answer

/** Valid JSON in no shape a node sends: the list is an object, a block loses its number. */
export const mangled = (answer: Answer): Answer =>
  Array.isArray(answer)
    ? { items: answer }
    : answer && typeof answer === 'object'
      ? { ...(answer as Item), number: 'latest', parentHash: 42 }
      : answer
