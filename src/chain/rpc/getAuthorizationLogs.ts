import {
  decodeEventLog,
  encodeEventTopics,
  getAddress,
  pad,
  parseAbiItem,
  type Address,
  type Hash,
  type Hex,
} from 'viem'
import type { ChainRpc } from './chainRpc.ts'
import { getLogsInRanges, type RpcLog } from './getLogsInRanges.ts'
import type { LogRangeSize } from './logRangeSize.ts'

/** ERC-3009's proof that an authorization was used, whoever submitted it. */
export type AuthorizationLog = { token: Address; authorizer: Address; nonce: Hex; txHash: Hash; logIndex: number }

const authorizationUsed = parseAbiItem('event AuthorizationUsed(address indexed authorizer, bytes32 indexed nonce)')
const [AUTHORIZATION_USED_TOPIC] = encodeEventTopics({ abi: [authorizationUsed] })

/** Authorizers per query: providers cap a topic list's length. */
const AUTHORIZERS_PER_QUERY = 500

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
  const found: AuthorizationLog[] = []
  for (let i = 0; i < authorizers.length; i += AUTHORIZERS_PER_QUERY) {
    const topics = [
      AUTHORIZATION_USED_TOPIC,
      authorizers.slice(i, i + AUTHORIZERS_PER_QUERY).map((a) => pad(a.toLowerCase() as Hex)),
    ]
    for (const log of await getLogsInRanges(rpc, rangeSize, { address: tokens, topics, from, to })) {
      const used = asAuthorization(log)
      if (used) found.push(used)
    }
  }
  return found
}

function asAuthorization(log: RpcLog): AuthorizationLog | undefined {
  if (log.removed || !log.transactionHash || log.logIndex === null || log.topics.length !== 3) return undefined
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
      txHash: log.transactionHash.toLowerCase() as Hash,
      logIndex: Number(log.logIndex),
    }
  } catch {
    return undefined
  }
}
