import { type Address } from 'viem'
import { DEV_USDC_ADDRESS } from '../src/chain/tokens.ts'
import { testUsdcAbi } from '../src/chain/devnet/testUsdcArtifact.ts'
import { chainClients } from '../src/watcher/testing/payments.ts'
import { busyTraderAbi, busyTraderBytecode } from './contracts/busyTraderArtifact.ts'

/** A trader on the test chain that makes the test USDC busy: each churn moves `count` unrelated transfers in one transaction. */
export async function deployBusyTrader(rpcUrl: string, deployer = 0) {
  const { publicClient, walletOf } = chainClients(rpcUrl)
  const wallet = walletOf(deployer)
  const deployed = await wallet.deployContract({ abi: busyTraderAbi, bytecode: busyTraderBytecode })
  const address = (await publicClient.waitForTransactionReceipt({ hash: deployed, pollingInterval: 20 }))
    .contractAddress! as Address
  const minted = await wallet.writeContract({
    address: DEV_USDC_ADDRESS,
    abi: testUsdcAbi,
    functionName: 'mint',
    args: [address, 10n ** 15n],
  })
  await publicClient.waitForTransactionReceipt({ hash: minted, pollingInterval: 20 })
  let salt = 0n
  return {
    address,
    /** Sends one churn of `count` transfers; mined with whatever else is pending. */
    churn: (count: number) =>
      wallet.writeContract({
        address,
        abi: busyTraderAbi,
        functionName: 'churn',
        args: [DEV_USDC_ADDRESS, BigInt(count), salt++],
        gas: 60_000n + 40_000n * BigInt(count),
      }),
  }
}
