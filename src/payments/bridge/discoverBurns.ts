import { getAddress, parseEventLogs, type Address, type Hash, type PublicClient, type TransactionReceipt } from 'viem'
import { cctpChains, tokenMessengerV2Abi } from '../../chain/cctp/cctpContracts.ts'
import { cctpChainIdOf } from './usdcToOneChain.ts'

/** A CCTP burn read from its source chain: who burnt, how much, to which chain, and which of the depositor's burns in its transaction. */
export type Burn = {
  sourceChainId: number
  destinationChainId: number
  depositor: Address
  amount: bigint
  burnTxHash: Hash
  burnIndex: number
}

type DepositForBurn = { transactionHash: Hash; args: { destinationDomain: number; depositor: Address; amount: bigint } }

/**
 * The burns of `chainId` among `deposits` (in the order the chain emitted them), each numbered
 * among its depositor's in its transaction, as Circle's Iris lists the transaction's messages; one
 * whose destination is no chain CCTP serves here is left out once numbered.
 */
function burnsOf(chainId: number, deposits: readonly DepositForBurn[]): Burn[] {
  const counted = new Map<string, number>()
  return deposits.flatMap(({ transactionHash, args }) => {
    const key = `${transactionHash.toLowerCase()}:${getAddress(args.depositor)}`
    const burnIndex = counted.get(key) ?? 0
    counted.set(key, burnIndex + 1)
    const destinationChainId = cctpChainIdOf(chainId, args.destinationDomain)
    if (destinationChainId === undefined) return []
    return [
      {
        sourceChainId: chainId,
        destinationChainId,
        depositor: getAddress(args.depositor),
        amount: args.amount,
        burnTxHash: transactionHash.toLowerCase() as Hash,
        burnIndex,
      },
    ]
  })
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
  // A provider owes no order: within a transaction, the log index is the order the chain emitted them.
  const inOrder = [...logs].sort((a, b) => (a.logIndex ?? 0) - (b.logIndex ?? 0))
  return burnsOf(
    chainId,
    inOrder.flatMap((log) =>
      log.removed || !log.transactionHash || getAddress(log.args.depositor) !== getAddress(depositor)
        ? []
        : [{ transactionHash: log.transactionHash, args: log.args }],
    ),
  )
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
  return burnsOf(
    chainId,
    parseEventLogs({ abi: tokenMessengerV2Abi, logs: receipt.logs, eventName: 'DepositForBurn', strict: true })
      .filter((log) => getAddress(log.address) === getAddress(chain.tokenMessenger))
      .map((log) => ({ transactionHash: receipt.transactionHash, args: log.args })),
  )
}
