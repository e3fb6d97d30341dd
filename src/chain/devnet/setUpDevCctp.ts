import { createPublicClient, createTestClient, createWalletClient, http, type Address, type Hex } from 'viem'
import { cctpChains } from '../cctp/cctpContracts.ts'
import { DEV_USDC_ADDRESS } from '../tokens.ts'
import { devAttester } from './devIris.ts'
import { devChainAt } from './devChainAt.ts'
import {
  testMessageTransmitterV2Abi,
  testMessageTransmitterV2RuntimeBytecode,
} from './testMessageTransmitterV2Artifact.ts'
import { testTokenMessengerV2Abi, testTokenMessengerV2RuntimeBytecode } from './testTokenMessengerV2Artifact.ts'

/**
 * Puts the CCTP V2 stand-ins (contracts/TestCctp.sol) at the addresses `cctpChains` names for this
 * dev chain, with its CCTP domain and the dev attester, minting and burning the dev USDC. Safe to
 * run again: code already there is brought up to date and keeps its state (its used nonces).
 */
export async function setUpDevCctp(rpcUrl: string, account: Address): Promise<void> {
  const chain = await devChainAt(rpcUrl)
  const cctp = cctpChains[chain.id]
  if (!cctp) return
  const transport = http(rpcUrl)
  const publicClient = createPublicClient({ chain, transport })
  const testClient = createTestClient({ chain, transport, mode: 'anvil' })
  const wallet = createWalletClient({ chain, transport, account })
  const place = async (address: Address, bytecode: Hex): Promise<boolean> => {
    const present = await publicClient.getCode({ address })
    if (present === bytecode) return false
    await testClient.setCode({ address, bytecode })
    return !present || present === '0x'
  }
  const newTransmitter = await place(cctp.messageTransmitter, testMessageTransmitterV2RuntimeBytecode)
  const newMessenger = await place(cctp.tokenMessenger, testTokenMessengerV2RuntimeBytecode)
  const hashes = [
    ...(newTransmitter
      ? [
          await wallet.writeContract({
            address: cctp.messageTransmitter,
            abi: testMessageTransmitterV2Abi,
            functionName: 'initialize',
            args: [cctp.domain, devAttester.address],
          }),
        ]
      : []),
    ...(newMessenger
      ? [
          await wallet.writeContract({
            address: cctp.tokenMessenger,
            abi: testTokenMessengerV2Abi,
            functionName: 'initialize',
            args: [cctp.messageTransmitter, DEV_USDC_ADDRESS],
          }),
        ]
      : []),
  ]
  await Promise.all(hashes.map((hash) => publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 })))
}
