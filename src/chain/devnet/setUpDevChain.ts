import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  http,
  parseUnits,
  type Address,
  type Hash,
} from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { DEV_USDC_ADDRESS, devChain } from '../chains.ts'
import { testUsdcAbi, testUsdcRuntimeBytecode } from './testUsdcArtifact.ts'

/** Where the dev chain's test USDC lives, on every start. */
export const TEST_USDC_ADDRESS: Address = DEV_USDC_ADDRESS
export const TEST_USDC_DECIMALS = 6
const MINTED_PER_ACCOUNT = parseUnits('1000000', TEST_USDC_DECIMALS)

/** Anvil's ten dev accounts, from its well-known mnemonic. */
export const devAccounts: readonly Address[] = Array.from(
  { length: 10 },
  (_, i) =>
    mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex: i }).address,
)

/**
 * Puts the test USDC at its fixed address and gives each dev account a million of it. Safe to run
 * again on a chain that has it already.
 */
export async function setUpDevChain(rpcUrl: string): Promise<void> {
  const chain = devChain(rpcUrl)
  const transport = http(rpcUrl)
  const publicClient = createPublicClient({ chain, transport })
  const code = await publicClient.getCode({ address: TEST_USDC_ADDRESS })
  if (code && code !== '0x') return
  await createTestClient({ chain, transport, mode: 'anvil' }).setCode({
    address: TEST_USDC_ADDRESS,
    bytecode: testUsdcRuntimeBytecode,
  })
  const wallet = createWalletClient({ chain, transport, account: devAccounts[0]! })
  const hashes: Hash[] = []
  for (const account of devAccounts)
    hashes.push(
      await wallet.writeContract({
        address: TEST_USDC_ADDRESS,
        abi: testUsdcAbi,
        functionName: 'mint',
        args: [account, MINTED_PER_ACCOUNT],
      }),
    )
  await Promise.all(hashes.map((hash) => publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 })))
}
