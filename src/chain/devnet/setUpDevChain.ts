import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  http,
  parseUnits,
  type Address,
  type Hash,
  type Hex,
} from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { devChainAt } from './devChainAt.ts'
import { setUpDelegationFramework } from './setUpDelegationFramework.ts'
import { setUpPermit2 } from './setUpPermit2.ts'
import { setUpDevCctp } from './setUpDevCctp.ts'
import { setUpDevPriceFeeds } from './setUpDevPriceFeeds.ts'
import { devTokens, DEV_USDC_ADDRESS, type TokenProfile } from '../tokens.ts'
import { testDaiRuntimeBytecode } from './testDaiArtifact.ts'
import { testEurcRuntimeBytecode } from './testEurcArtifact.ts'
import { testUsdcAbi, testUsdcRuntimeBytecode } from './testUsdcArtifact.ts'
import { testUsdtRuntimeBytecode } from './testUsdtArtifact.ts'

/** Where the dev chain's test USDC lives, on every start. */
export const TEST_USDC_ADDRESS: Address = DEV_USDC_ADDRESS
export const TEST_USDC_DECIMALS = 6
/** What each dev account holds of each test token at the start. */
const MINTED_PER_ACCOUNT = '1000000'

const runtimeCode: Record<TokenProfile['symbol'], Hex> = {
  USDC: testUsdcRuntimeBytecode,
  EURC: testEurcRuntimeBytecode,
  USDT: testUsdtRuntimeBytecode,
  DAI: testDaiRuntimeBytecode,
}

/** Anvil's ten dev accounts, from its well-known mnemonic. */
export const devAccounts: readonly Address[] = Array.from(
  { length: 10 },
  (_, i) =>
    mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex: i }).address,
)

/**
 * Puts each test stablecoin (USDC, EURC, USDT, DAI) at its fixed address and gives each dev account
 * a million of each, the price feeds beside them, and the Delegation Framework's contracts at their
 * canonical addresses (subscriptions' periodic permissions), Permit2 at its own (their allowances),
 * and the CCTP V2 stand-ins at Circle's test-network addresses. Safe to run again on a chain that has them already.
 */
export async function setUpDevChain(rpcUrl: string): Promise<void> {
  const chain = await devChainAt(rpcUrl)
  const transport = http(rpcUrl)
  const publicClient = createPublicClient({ chain, transport })
  const testClient = createTestClient({ chain, transport, mode: 'anvil' })
  const wallet = createWalletClient({ chain, transport, account: devAccounts[0]! })
  const hashes: Hash[] = []
  for (const token of devTokens) {
    const code = await publicClient.getCode({ address: token.address })
    // A dev chain kept from an older version gets the tokens' new code over their balances.
    if (code && code !== '0x') {
      if (code !== runtimeCode[token.symbol])
        await testClient.setCode({ address: token.address, bytecode: runtimeCode[token.symbol] })
      continue
    }
    await testClient.setCode({ address: token.address, bytecode: runtimeCode[token.symbol] })
    // Every test token shares `mint(address,uint256)`.
    for (const account of devAccounts)
      hashes.push(
        await wallet.writeContract({
          address: token.address,
          abi: testUsdcAbi,
          functionName: 'mint',
          args: [account, parseUnits(MINTED_PER_ACCOUNT, token.decimals)],
        }),
      )
  }
  await Promise.all(hashes.map((hash) => publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 })))
  await setUpDevPriceFeeds(rpcUrl, devAccounts[0]!)
  await setUpDelegationFramework(rpcUrl)
  await setUpPermit2(rpcUrl)
  await setUpDevCctp(rpcUrl, devAccounts[0]!)
}
