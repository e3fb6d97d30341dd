import { decodeEventLog, encodeEventTopics, getAddress, parseAbiItem, type Address, type Hash, type Hex } from 'viem'
import type { ChainRpc } from './chainRpc.ts'
import { getLogsByIndexedAddress, type RpcLog } from './getLogsInRanges.ts'
import type { LogRangeSize } from './logRangeSize.ts'

/** ERC-3009's proof that an authorization was used, whoever submitted it. */
export type AuthorizationLog = { token: Address; authorizer: Address; nonce: Hex; txHash: Hash; logIndex: number }

const authorizationUsed = parseAbiItem('event AuthorizationUsed(address indexed authorizer, bytes32 indexed nonce)')
const [AUTHORIZATION_USED_TOPIC] = encodeEventTopics({ abi: [authorizationUsed] })

/**
 * `AuthorizationUsed` logs of `tokens` in [from, to] for these authorizers (the senders of the
 * transfers to payees just read), in ranges the provider accepts.
 */
export async function getAuthorizationLogs(
  rpc: ChainRpc,
  rangeSize: LogRangeSize,
  {
    tokens,
    authorizers,
    from,
    to,
  }: { tokens: readonly Address[]; authorizers: readonly Address[]; from: bigint; to: bigint },
): Promise<AuthorizationLog[]> {
  if (tokens.length === 0 || authorizers.length === 0 || from > to) return []
  // An authorization log that cannot be read only leaves its transfer without a nonce: no gap to report.
  const { logs } = await getLogsByIndexedAddress(rpc, rangeSize, {
    address: tokens,
    topic0: AUTHORIZATION_USED_TOPIC!,
    position: 1,
    addresses: authorizers,
    from,
    to,
  })
  return logs.flatMap((log) => asAuthorization(log) ?? [])
}

function asAuthorization(log: RpcLog): AuthorizationLog | undefined {
  if (log.removed || log.topics.length !== 3) return undefined
  try {
    const { args } = decodeEventLog({
      abi: [authorizationUsed],
      topics: log.topics as [Hex, ...Hex[]],
      data: log.data,
      strict: true,
    })
    return {
      token: getAddress(log.address),
      authorizer: getAddress(args.authorizer),
      nonce: args.nonce.toLowerCase() as Hex,
      txHash: log.transactionHash,
      logIndex: Number(log.logIndex),
    }
  } catch {
    return undefined
  }
}
