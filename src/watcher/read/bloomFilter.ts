import { encodeEventTopics, erc20Abi, pad, type Address, type Hex } from 'viem'
import { bloomBits, bloomMayContain } from '../../chain/rpc/logsBloom.ts'
import type { WatcherContext, WatcherState } from '../watcherState.ts'

const [TRANSFER_TOPIC] = encodeEventTopics({ abi: erc20Abi, eventName: 'Transfer' })
const TRANSFER_BITS = bloomBits(TRANSFER_TOPIC!)

/** Whether the headers of [from, to] are all known and their blooms rule out every transfer to a payee. */
export function bloomRulesOut(ctx: WatcherContext, state: WatcherState, from: bigint, to: bigint): boolean {
  const tokenBits = ctx.payees.tokens.map((token) => bloomBits(token.toLowerCase() as Hex))
  for (let n = from; n <= to; n++) {
    const bloom = state.seen.get(n)?.logsBloom
    if (!bloom) return false
    if (!bloomMayContain(bloom, TRANSFER_BITS) || !tokenBits.some((bits) => bloomMayContain(bloom, bits))) continue
    if (ctx.payees.tokenPayees.some((payee) => bloomMayContain(bloom, bitsOfPayee(state, payee)))) return false
  }
  return true
}

function bitsOfPayee(state: WatcherState, payee: Address) {
  let bits = state.payeeBits.get(payee)
  if (!bits) state.payeeBits.set(payee, (bits = bloomBits(pad(payee.toLowerCase() as Hex))))
  return bits
}
