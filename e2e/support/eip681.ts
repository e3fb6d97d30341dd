import { erc20Abi, getAddress, type Address } from 'viem'
import { chainClients } from '../../src/watcher/testing/payments.ts'

/** What a wallet app reads from an EIP-681 token transfer URI (`ethereum:<token>@<chain>/transfer?address=…&uint256=…`). */
export function readTransferUri(uri: string): { token: Address; chainId: number; to: Address; amount: bigint } {
  const parsed = /^ethereum:(0x[0-9a-fA-F]{40})@(\d+)\/transfer\?(.*)$/.exec(uri)
  if (!parsed) throw new Error(`Not an EIP-681 token transfer: ${uri}`)
  const [, token, chainId, query] = parsed
  const params = new URLSearchParams(query)
  const to = params.get('address')
  const amount = params.get('uint256')
  if (!to || !amount || !/^\d+$/.test(amount)) throw new Error(`No address or amount in ${uri}`)
  return { token: getAddress(token!), chainId: Number(chainId), to: getAddress(to), amount: BigInt(amount) }
}

/**
 * Pays a scanned EIP-681 URI as a phone wallet does: a plain ERC-20 transfer of the amount to the
 * address, nothing appended, sent from dev account `from`; resolves once it is mined.
 */
export async function payScannedUri(rpcUrl: string, from: number, uri: string) {
  const { token, chainId, to, amount } = readTransferUri(uri)
  const { walletOf, publicClient } = chainClients(rpcUrl, chainId)
  const hash = await walletOf(from).writeContract({
    address: token,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [to, amount],
  })
  await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 })
  return { token, to, amount }
}
