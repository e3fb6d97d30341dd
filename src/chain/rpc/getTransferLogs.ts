import {
  decodeEventLog,
  encodeEventTopics,
  erc20Abi,
  getAbiItem,
  getAddress,
  pad,
  type Address,
  type Hash,
  type Hex,
} from 'viem'
import { ChainRpcError, type ChainRpc } from './chainRpc.ts'
import type { LogRangeSize } from './logRangeSize.ts'

export type TransferLog = {
  token: Address
  from: Address
  to: Address
  amount: bigint
  txHash: Hash
  logIndex: number
  blockNumber: bigint
  blockHash: Hash
  /** Seconds, where the node includes it in the log. */
  blockTime: bigint | undefined
}

type RpcLog = {
  address: Address
  topics: Hex[]
  data: Hex
  blockNumber: Hex | null
  blockHash: Hash | null
  transactionHash: Hash | null
  logIndex: Hex | null
  removed?: boolean
  blockTimestamp?: Hex
}

const transferEvent = getAbiItem({ abi: erc20Abi, name: 'Transfer' })
const [TRANSFER_TOPIC] = encodeEventTopics({ abi: [transferEvent] })

/** Payees per query: providers cap the size of a topic list and of the request body. */
export const PAYEES_PER_QUERY = 500

/**
 * ERC-20 `Transfer` logs of `tokens` to `payees` in [from, to], asked the way providers accept:
 * filtered by the payee as the `to` topic (in chunks of payees), and in ranges that shrink when the
 * provider refuses one and grow back after successes (`rangeSize` is the chain's, kept across calls).
 * Logs that are not a well-formed ERC-20 transfer, or move nothing, are left out.
 */
export async function getTransferLogs(
  rpc: ChainRpc,
  rangeSize: LogRangeSize,
  { tokens, payees, from, to }: { tokens: readonly Address[]; payees: readonly Address[]; from: bigint; to: bigint },
): Promise<TransferLog[]> {
  if (tokens.length === 0 || payees.length === 0 || from > to) return []
  const found: TransferLog[] = []
  for (let i = 0; i < payees.length; i += PAYEES_PER_QUERY) {
    const topics = [
      TRANSFER_TOPIC,
      null,
      payees.slice(i, i + PAYEES_PER_QUERY).map((payee) => pad(payee.toLowerCase() as Hex)),
    ]
    let start = from
    while (start <= to) {
      const end = minBig(to, start + BigInt(rangeSize.blocks) - 1n)
      let logs: RpcLog[]
      try {
        logs = (await rpc.request({
          method: 'eth_getLogs',
          params: [{ address: tokens, topics, fromBlock: hex(start), toBlock: hex(end) }],
        })) as RpcLog[]
      } catch (error) {
        if (
          !(error instanceof ChainRpcError) ||
          error.failure.kind !== 'log-range' ||
          rangeSize.refused(start, end, error.failure) === undefined
        )
          throw error
        continue // the same start, a smaller range
      }
      rangeSize.succeeded()
      for (const log of logs) {
        const transfer = asTransfer(log)
        if (transfer) found.push(transfer)
      }
      start = end + 1n
    }
  }
  return found
}

function asTransfer(log: RpcLog): TransferLog | undefined {
  if (
    log.removed ||
    !log.blockHash ||
    !log.transactionHash ||
    log.blockNumber === null ||
    log.logIndex === null ||
    log.topics.length !== 3
  )
    return undefined
  try {
    const { args } = decodeEventLog({
      abi: [transferEvent],
      topics: log.topics as [Hex, ...Hex[]],
      data: log.data,
      strict: true,
    })
    if (args.value === 0n) return undefined
    return {
      token: getAddress(log.address),
      from: getAddress(args.from),
      to: getAddress(args.to),
      amount: args.value,
      txHash: log.transactionHash.toLowerCase() as Hash,
      logIndex: Number(log.logIndex),
      blockNumber: BigInt(log.blockNumber),
      blockHash: log.blockHash.toLowerCase() as Hash,
      blockTime: log.blockTimestamp ? BigInt(log.blockTimestamp) : undefined,
    }
  } catch {
    return undefined
  }
}

const hex = (n: bigint) => `0x${n.toString(16)}` as Hex
const minBig = (a: bigint, b: bigint) => (a < b ? a : b)
