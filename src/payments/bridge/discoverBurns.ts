import { getAddress, parseEventLogs, type Address, type Hash, type PublicClient, type TransactionReceipt } from 'viem'
import { cctpChains, tokenMessengerV2Abi } from '../../chain/cctp/cctpContracts.ts'
import { cctpChainIdOf } from './usdcToOneChain.ts'

/** A CCTP burn read from its source chain: who burnt, how much, to which chain. */
export type Burn = {
  sourceChainId: number
  destinationChainId: number
  depositor: Address
  amount: bigint
  burnTxHash: Hash
}

/**
 * How many recent blocks each chain's burns are looked for in. A burn is lost only when the page
 * reloads between the wallet's sending and its report that the batch settled: minutes. 10,000 blocks
 * covers 40 minutes on the fastest chain CCTP serves here (Arbitrum, 0.25 s a block) and hours on the
 * others, and is the widest range common providers answer in one `eth_getLogs` (QuickNode's cap).
 */
export const BURNS_LOOKED_BACK = 10_000n

/**
 * The `DepositForBurn` events of `chainId`'s TokenMessengerV2 whose depositor is `depositor`, in the
 * last `BURNS_LOOKED_BACK` blocks. A log that does not decode, or names a domain Billfold does not
 * know, is left out.
 */
export async function burnsOnChain(client: PublicClient, chainId: number, depositor: Address): Promise<Burn[]> {
  const chain = cctpChains[chainId]
  if (!chain) return []
  const head = await client.getBlockNumber({ cacheTime: 0 })
  const logs = await client.getLogs({
    address: chain.tokenMessenger,
    event: tokenMessengerV2Abi[1],
    args: { depositor },
    fromBlock: head >= BURNS_LOOKED_BACK ? head - BURNS_LOOKED_BACK + 1n : 0n,
    toBlock: head,
    strict: true,
  })
  return logs.flatMap((log) =>
    log.removed || !log.transactionHash || getAddress(log.args.depositor) !== getAddress(depositor)
      ? []
      : burnOf(chainId, log.args, log.transactionHash),
  )
}

/** A `DepositForBurn` event as a burn, when its destination is a chain CCTP serves here. */
function burnOf(
  chainId: number,
  args: { destinationDomain: number; depositor: Address; amount: bigint },
  txHash: Hash,
): Burn[] {
  const destinationChainId = cctpChainIdOf(chainId, args.destinationDomain)
  if (destinationChainId === undefined) return []
  return [
    {
      sourceChainId: chainId,
      destinationChainId,
      depositor: getAddress(args.depositor),
      amount: args.amount,
      burnTxHash: txHash.toLowerCase() as Hash,
    },
  ]
}

/**
 * The business's recent burns on every CCTP chain this Billfold reads, each chain asked at once; a
 * chain whose RPC fails gives none this time (the next look asks again) and never stops the others.
 */
export async function burnsOnChains(
  clientOf: (chainId: number) => PublicClient | undefined,
  depositor: Address,
): Promise<Burn[]> {
  const found = await Promise.allSettled(
    Object.keys(cctpChains).map((id) => {
      const client = clientOf(Number(id))
      return client ? burnsOnChain(client, Number(id), depositor) : Promise.resolve([])
    }),
  )
  return found.flatMap((result) => (result.status === 'fulfilled' ? result.value : []))
}

/** The CCTP burns in a mined transaction on `chainId`: its TokenMessengerV2's `DepositForBurn` events (none if it reverted). */
export function burnsInReceipt(receipt: TransactionReceipt, chainId: number): Burn[] {
  const chain = cctpChains[chainId]
  if (!chain || receipt.status !== 'success') return []
  return parseEventLogs({ abi: tokenMessengerV2Abi, logs: receipt.logs, eventName: 'DepositForBurn', strict: true })
    .filter((log) => getAddress(log.address) === getAddress(chain.tokenMessenger))
    .flatMap((log) => burnOf(chainId, log.args, receipt.transactionHash))
}
