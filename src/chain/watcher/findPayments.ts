import { erc20Abi, getAbiItem, getAddress, type Address, type Hash, type Hex, type PublicClient } from 'viem'
import { findPaymentReferences } from '../../domain/paymentReference.ts'
import { NATIVE_ASSET } from '../../domain/paymentRequest.ts'

/** What the watcher needs of an open request to recognise its payment. */
export type WatchedRequest = { id: string; asset: Address | typeof NATIVE_ASSET; payee: Address; payer: Address | null; reference: Hex }

export type FoundPayment = {
  requestId: string
  txHash: Hash
  /** -1 for a native-coin transfer. */
  logIndex: number
  from: Address
  amount: bigint
  blockNumber: bigint
  blockHash: Hash
  /** Seconds; from the log when the node includes it there, else the watcher reads the block. */
  blockTime: bigint | undefined
}

const transferEvent = getAbiItem({ abi: erc20Abi, name: 'Transfer' })

/**
 * Payments to watched requests in blocks [fromBlock, toBlock]: ERC-20 Transfer logs and native
 * transfers to a payee whose transaction input carries the request's reference anywhere, from the
 * required payer when one is set.
 */
export async function findPayments(client: PublicClient, requests: readonly WatchedRequest[], fromBlock: bigint, toBlock: bigint): Promise<FoundPayment[]> {
  const byReference = new Map(requests.map((r) => [r.reference.toLowerCase(), r]))
  const references = new Set(byReference.keys())
  const tokenPayees = new Set(requests.filter((r) => r.asset !== NATIVE_ASSET).map((r) => `${r.asset}:${r.payee}`.toLowerCase()))
  const nativePayees = new Set(requests.filter((r) => r.asset === NATIVE_ASSET).map((r) => r.payee.toLowerCase()))
  const tokens = [...new Set(requests.filter((r) => r.asset !== NATIVE_ASSET).map((r) => r.asset as Address))]
  const found: FoundPayment[] = []

  if (tokens.length > 0) {
    const logs = (await client.getLogs({ address: tokens, event: transferEvent, fromBlock, toBlock, strict: true })).filter((log) =>
      tokenPayees.has(`${log.address}:${log.args.to}`.toLowerCase()),
    )
    const inputs = await transactionInputs(client, [...new Set(logs.map((log) => log.transactionHash))])
    for (const log of logs) {
      for (const reference of findPaymentReferences(inputs.get(log.transactionHash)!, references)) {
        const request = byReference.get(reference)!
        if (request.asset === NATIVE_ASSET || !sameAddress(request.asset, log.address) || !sameAddress(request.payee, log.args.to)) continue
        if (request.payer && !sameAddress(request.payer, log.args.from)) continue
        found.push({
          requestId: request.id,
          txHash: log.transactionHash,
          logIndex: log.logIndex,
          from: getAddress(log.args.from),
          amount: log.args.value,
          blockNumber: log.blockNumber,
          blockHash: log.blockHash,
          blockTime: log.blockTimestamp ?? undefined,
        })
      }
    }
  }

  if (nativePayees.size > 0) {
    for (let number = fromBlock; number <= toBlock; number++) {
      const block = await client.getBlock({ blockNumber: number, includeTransactions: true })
      for (const tx of block.transactions) {
        if (!tx.to || tx.value === 0n || !nativePayees.has(tx.to.toLowerCase())) continue
        for (const reference of findPaymentReferences(tx.input, references)) {
          const request = byReference.get(reference)!
          if (request.asset !== NATIVE_ASSET || !sameAddress(request.payee, tx.to)) continue
          if (request.payer && !sameAddress(request.payer, tx.from)) continue
          found.push({ requestId: request.id, txHash: tx.hash, logIndex: -1, from: getAddress(tx.from), amount: tx.value, blockNumber: number, blockHash: block.hash, blockTime: block.timestamp })
        }
      }
    }
  }
  return found
}

async function transactionInputs(client: PublicClient, hashes: readonly Hash[]): Promise<Map<Hash, Hex>> {
  // Concurrent requests go out as JSON-RPC batches (the client's transport batches them). Only the
  // input is read, so the transactions are left as the node sent them rather than formatted.
  const txs = await Promise.all(hashes.map((hash) => client.request({ method: 'eth_getTransactionByHash', params: [hash] })))
  return new Map(
    txs.map((tx, i) => {
      // Gone between the log and this call: a reorg. The batch fails and is read again.
      if (!tx) throw new Error(`transaction ${hashes[i]} vanished while it was being read`)
      return [hashes[i]!, tx.input]
    }),
  )
}

function sameAddress(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase()
}
