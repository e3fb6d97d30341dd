import {
  decodeEventLog,
  encodeEventTopics,
  erc20Abi,
  getAbiItem,
  getAddress,
  type Address,
  type Hash,
  type Hex,
} from 'viem'
import type { ChainRpc } from './chainRpc.ts'
import { getLogsByIndexedAddress, type RpcLog } from './getLogsInRanges.ts'
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

const transferEvent = getAbiItem({ abi: erc20Abi, name: 'Transfer' })
const [TRANSFER_TOPIC] = encodeEventTopics({ abi: [transferEvent] })

/**
 * ERC-20 `Transfer` logs of `tokens` to `payees` in [from, to] (or from them, `by: 'from'`: their
 * refunds), asked the way providers accept: filtered by the payee as the `to` (or `from`) topic (in
 * chunks of payees), and in ranges that shrink when the
 * provider refuses one and grow back after successes (`rangeSize` is the chain's, kept across calls).
 * Logs that are not a well-formed ERC-20 transfer, or move nothing, are left out; logs the provider
 * sent in an odd shape and that could not be read again are the `gaps`.
 */
export async function getTransferLogs(
  rpc: ChainRpc,
  rangeSize: LogRangeSize,
  {
    tokens,
    payees,
    by = 'to',
    from,
    to,
  }: { tokens: readonly Address[]; payees: readonly Address[]; by?: 'to' | 'from'; from: bigint; to: bigint },
): Promise<{ transfers: TransferLog[]; gaps: string[] }> {
  if (tokens.length === 0 || payees.length === 0 || from > to) return { transfers: [], gaps: [] }
  const { logs, gaps } = await getLogsByIndexedAddress(rpc, rangeSize, {
    address: tokens,
    topic0: TRANSFER_TOPIC!,
    position: by === 'to' ? 2 : 1,
    addresses: payees,
    from,
    to,
  })
  return { transfers: logs.flatMap((log) => asTransfer(log) ?? []), gaps }
}

function asTransfer(log: RpcLog): TransferLog | undefined {
  if (log.removed || log.topics.length !== 3) return undefined
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
      txHash: log.transactionHash,
      logIndex: Number(log.logIndex),
      blockNumber: log.blockNumber,
      blockHash: log.blockHash,
      blockTime: log.blockTimestamp ?? undefined,
    }
  } catch {
    return undefined
  }
}
