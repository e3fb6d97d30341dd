import { useQuery } from '@tanstack/react-query'
import { decodeFunctionResult, encodeFunctionData, erc20Abi, type Address } from 'viem'
import { estimateFeesPerGas, estimateGas, getBlock, getGasPrice } from 'viem/actions'
import { NATIVE_ASSET } from '../../domain/paymentRequest.ts'
import { paymentTransaction } from '../../domain/paymentTransaction.ts'
import type { ChainClient } from '../publicClients.ts'
import type { PaymentRequestData } from '../requests/requestOperations.ts'

/** Gas a transfer is assumed to take when the node cannot estimate it (e.g. the balance is short). */
const FALLBACK_GAS = 100_000n

/**
 * Everything the wallet would refuse, found before anything is signed: the payer's balance of the
 * asset and of the native coin for the network fee, and (for the native coin) whether the payee is
 * a contract, which may reject the reference as data.
 */
export function usePayPreflight({
  request,
  client,
  payer,
  amount,
}: {
  request: PaymentRequestData
  client: ChainClient | undefined
  payer: Address | undefined
  amount: bigint
}) {
  const native = request.asset === NATIVE_ASSET
  return useQuery({
    queryKey: ['pay-checks', request.id, request.chainId, payer, amount.toString()],
    enabled: Boolean(payer && client),
    queryFn: async () => {
      const [nativeBalance, assetBalance, code, fee] = await Promise.all([
        client!.request({ method: 'eth_getBalance', params: [payer!, 'latest'] }).then(BigInt),
        native ? undefined : tokenBalance(client!, request.asset as Address, payer!),
        native ? client!.request({ method: 'eth_getCode', params: [request.payee as Address, 'latest'] }) : undefined,
        paymentFee(client!, request, payer!, amount),
      ])
      const assetHeld = assetBalance ?? nativeBalance
      const shortAsset = assetHeld < amount
      const nativeNeeded = fee + (native ? amount : 0n)
      return {
        nativeBalance,
        assetBalance: assetHeld,
        fee,
        nativeNeeded,
        shortAsset,
        shortGas: !shortAsset && nativeBalance < nativeNeeded,
        payeeIsContract: Boolean(code && code !== '0x'),
      }
    },
  })
}

/**
 * The network fee of paying `amount` of the request from `payer` on the client's chain, in its native
 * coin's base units: the transfer's gas as the node estimates it (else a token transfer's usual
 * ceiling) times the chain's current EIP-1559 maximum fee per gas (else its gas price).
 */
export async function paymentFee(
  client: ChainClient,
  request: PaymentRequestData,
  payer: Address,
  amount: bigint,
): Promise<bigint> {
  const tx = paymentTransaction(request, amount)
  const [gas, fees] = await Promise.all([
    estimateGas(client, { account: payer, ...tx }).catch(() => FALLBACK_GAS),
    maxFeePerGas(client).catch(() => getGasPrice(client)),
  ])
  return gas * fees
}

/**
 * An ERC-20 balance by a plain eth_call: viem's readContract would bring its whole `call` action
 * (offchain lookups, deployless calls) to every payer for this one read. The native balance and the
 * payee's code are read as plainly, for the same reason (viem's getBalance imports `call` too).
 */
export async function tokenBalance(client: ChainClient, token: Address, owner: Address): Promise<bigint> {
  const data = encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
  const result = await client.request({ method: 'eth_call', params: [{ to: token, data }, 'latest'] })
  return decodeFunctionResult({ abi: erc20Abi, functionName: 'balanceOf', data: result })
}

/**
 * viem's EIP-1559 fee estimate (the base fee × 1.2 plus the node's priority fee), with the block and
 * the priority fee read side by side: viem asks for the second only once the first has arrived, a
 * round trip more before Pay. A chain with its own fee rules, or a node without the priority-fee
 * method, is left to viem's estimate.
 */
async function maxFeePerGas(client: ChainClient): Promise<bigint> {
  const viemEstimate = async () => (await estimateFeesPerGas(client)).maxFeePerGas
  if (client.chain.fees) return viemEstimate()
  const [block, priority] = await Promise.all([
    getBlock(client),
    client.request({ method: 'eth_maxPriorityFeePerGas' }).then(BigInt, () => undefined),
  ])
  if (priority === undefined || typeof block.baseFeePerGas !== 'bigint') return viemEstimate()
  return (block.baseFeePerGas * 12n) / 10n + priority
}

/** What is still owed; a request paid in part is completed by paying the rest. */
export function outstandingOf(request: PaymentRequestData): bigint {
  const rest = BigInt(request.amount) - BigInt(request.received)
  return rest > 0n ? rest : BigInt(request.amount)
}
