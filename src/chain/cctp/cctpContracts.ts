import type { Address } from 'viem'

/** Circle's list of CCTP V2's contracts and domains, where the figures below come from. */
export const CCTP_SOURCE = 'https://developers.circle.com/cctp/references/contract-addresses'

/** CCTP V2's two contracts a transfer calls, at the same address on every network of a kind (CREATE2). */
type CctpContracts = { tokenMessenger: Address; messageTransmitter: Address }
const MAINNET: CctpContracts = {
  tokenMessenger: '0x28b5a0e9C621a5BadaA536219b3a228C8168cf5d',
  messageTransmitter: '0x81D40F21F12A8F0E3252Bccb954D722d4c464B64',
}
const TESTNET: CctpContracts = {
  tokenMessenger: '0x8FE6B999Dc680CcFDD5Bf7EB0974218be2542DAA',
  messageTransmitter: '0xE737e5cEBEEBa77EFE34D4aa090756590b1CE275',
}

/** Circle's attestation service (Iris) for each kind of network. */
export const IRIS_MAINNET_URL = 'https://iris-api.circle.com'
export const IRIS_SANDBOX_URL = 'https://iris-api-sandbox.circle.com'

export type CctpChain = CctpContracts & { domain: number; irisUrl: string }

/**
 * The chains Billfold knows that CCTP V2 serves, by chain id, with their CCTP domain: the public
 * networks, and the test networks whose ids the quick start's dev chains carry (Base Sepolia,
 * Arbitrum Sepolia). The dev chain 31337, which no network of Circle's is, takes Ethereum Sepolia's
 * domain among them: the dev chains carry stand-ins at the test networks' addresses and a dev
 * attester signs their burns (`devnet/devIris.ts`).
 */
export const cctpChains: Readonly<Record<number, CctpChain>> = {
  31337: { ...TESTNET, domain: 0, irisUrl: IRIS_SANDBOX_URL },
  1: { ...MAINNET, domain: 0, irisUrl: IRIS_MAINNET_URL },
  10: { ...MAINNET, domain: 2, irisUrl: IRIS_MAINNET_URL },
  42161: { ...MAINNET, domain: 3, irisUrl: IRIS_MAINNET_URL },
  8453: { ...MAINNET, domain: 6, irisUrl: IRIS_MAINNET_URL },
  137: { ...MAINNET, domain: 7, irisUrl: IRIS_MAINNET_URL },
  421614: { ...TESTNET, domain: 3, irisUrl: IRIS_SANDBOX_URL },
  84532: { ...TESTNET, domain: 6, irisUrl: IRIS_SANDBOX_URL },
}

/** The functions of TokenMessengerV2 and MessageTransmitterV2 a transfer calls, as Circle's contracts declare them. */
export const tokenMessengerV2Abi = [
  {
    type: 'function',
    name: 'depositForBurn',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'amount', type: 'uint256' },
      { name: 'destinationDomain', type: 'uint32' },
      { name: 'mintRecipient', type: 'bytes32' },
      { name: 'burnToken', type: 'address' },
      { name: 'destinationCaller', type: 'bytes32' },
      { name: 'maxFee', type: 'uint256' },
      { name: 'minFinalityThreshold', type: 'uint32' },
    ],
    outputs: [],
  },
  {
    type: 'event',
    name: 'DepositForBurn',
    inputs: [
      { name: 'burnToken', type: 'address', indexed: true },
      { name: 'amount', type: 'uint256', indexed: false },
      { name: 'depositor', type: 'address', indexed: true },
      { name: 'mintRecipient', type: 'bytes32', indexed: false },
      { name: 'destinationDomain', type: 'uint32', indexed: false },
      { name: 'destinationTokenMessenger', type: 'bytes32', indexed: false },
      { name: 'destinationCaller', type: 'bytes32', indexed: false },
      { name: 'maxFee', type: 'uint256', indexed: false },
      { name: 'minFinalityThreshold', type: 'uint32', indexed: true },
      { name: 'hookData', type: 'bytes', indexed: false },
    ],
  },
] as const

export const messageTransmitterV2Abi = [
  {
    type: 'function',
    name: 'receiveMessage',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'message', type: 'bytes' },
      { name: 'attestation', type: 'bytes' },
    ],
    outputs: [{ name: 'success', type: 'bool' }],
  },
  {
    type: 'function',
    name: 'usedNonces',
    stateMutability: 'view',
    inputs: [{ name: 'nonce', type: 'bytes32' }],
    outputs: [{ name: '', type: 'uint256' }],
  },
] as const
