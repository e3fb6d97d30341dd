import { referencedTransferData } from '../src/domain/paymentTransaction.ts'
import { concat, encodeFunctionData, type Address, type Hex } from 'viem'
import { DEV_USDC_ADDRESS } from '../src/chain/tokens.ts'
import { devAccounts } from '../src/chain/devnet/setUpDevChain.ts'
import { testUsdcAbi } from '../src/chain/devnet/testUsdcArtifact.ts'
import { chainClients } from '../src/watcher/testing/payments.ts'
import { testSmartAccountAbi, testSmartAccountBytecode } from './contracts/testSmartAccountArtifact.ts'

export type AccountCall = { target: Address; value: bigint; data: Hex }

/** The calldata a pay page puts in a token payment: `transfer(payee, amount)` and the reference after it. */
export function transferCall({
  to,
  amount,
  reference,
  suffix,
}: {
  to: Address
  amount: bigint
  reference?: Hex
  suffix?: Hex
}): AccountCall {
  const data = referencedTransferData(to, amount, reference)
  return { target: DEV_USDC_ADDRESS, value: 0n, data: suffix ? concat([data, suffix]) : data }
}

/**
 * A smart-contract wallet on the test chain, owned by dev account `owner` and funded with test USDC
 * and coin: it pays through its own calls, one at a time or in a batch.
 */
export async function deploySmartAccount(rpcUrl: string, owner: number) {
  const { publicClient, walletOf, testClient } = chainClients(rpcUrl)
  const wallet = walletOf(owner)
  const deployed = await wallet.deployContract({
    abi: testSmartAccountAbi,
    bytecode: testSmartAccountBytecode,
    args: [devAccounts[owner]!],
  })
  const { contractAddress } = await publicClient.waitForTransactionReceipt({ hash: deployed, pollingInterval: 20 })
  const address = contractAddress!
  await testClient.setBalance({ address, value: 10n ** 21n })
  const minted = await wallet.writeContract({
    address: DEV_USDC_ADDRESS,
    abi: testUsdcAbi,
    functionName: 'mint',
    args: [address, 10n ** 12n],
  })
  await publicClient.waitForTransactionReceipt({ hash: minted, pollingInterval: 20 })

  const send = async (data: Hex, gas?: bigint) => {
    const hash = await wallet.sendTransaction({ to: address, data, gas })
    return publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 })
  }
  return {
    address,
    /** One call made by the account. */
    execute: (call: AccountCall) =>
      send(
        encodeFunctionData({
          abi: testSmartAccountAbi,
          functionName: 'execute',
          args: [call.target, call.value, call.data],
        }),
      ),
    /** Several calls in one transaction, as EIP-5792 `wallet_sendCalls` makes them; `gas` lets a reverting batch be mined. */
    executeBatch: (calls: readonly AccountCall[], gas?: bigint) =>
      send(encodeFunctionData({ abi: testSmartAccountAbi, functionName: 'executeBatch', args: [calls] }), gas),
  }
}
