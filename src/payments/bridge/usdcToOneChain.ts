import {
  encodeFunctionData,
  erc20Abi,
  pad,
  sliceHex,
  hexToNumber,
  zeroHash,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem'
import {
  cctpChains,
  messageTransmitterV2Abi,
  tokenMessengerV2Abi,
  type CctpChain,
} from '../../chain/cctp/cctpContracts.ts'
import { badInput } from '../../domain/errors/input.ts'
import type { Asset } from '../../domain/paymentRequest.ts'

/** A transaction prepared for the payee's wallet to send: Billfold holds nothing and sends nothing. */
export type PreparedCall = { chainId: number; to: Address; data: Hex; purpose: 'approve' | 'burn' | 'mint' }

/** Circle's "finalized" threshold: a standard transfer, attested once the source block is final, with no fee. */
const FINALIZED = 2000

/** The chain's CCTP contracts and domain; a chain CCTP does not serve is bad input in `field`. */
export const cctpChainOf = (field: string, chainId: number): CctpChain => {
  const chain = cctpChains[chainId]
  if (!chain) throw badInput(field, `is chain ${chainId}, which Circle's CCTP does not serve.`)
  return chain
}

/**
 * The transactions that move `amount` of the payee's USDC from one chain to the same address on
 * another with Circle's CCTP V2: an approval of the TokenMessenger where its allowance falls short,
 * then `depositForBurn` (a standard transfer: no fee, attested once final). The mint on the
 * destination follows from the attestation (`prepareMint`).
 */
export async function prepareBurn(
  network: { assets: readonly Asset[]; clientOf(chainId: number): PublicClient | undefined },
  owner: Address,
  input: { sourceChainId: number; destinationChainId: number; amount: bigint },
): Promise<PreparedCall[]> {
  const source = cctpChainOf('sourceChainId', input.sourceChainId)
  const destination = cctpChainOf('destinationChainId', input.destinationChainId)
  if (input.sourceChainId === input.destinationChainId)
    throw badInput('destinationChainId', 'is the chain the USDC is on already.')
  // Circle attests test networks' burns in its sandbox only: a test network's USDC goes to another test network.
  if (source.irisUrl !== destination.irisUrl)
    throw badInput('destinationChainId', 'is a network of another kind (a test network and a public one).')
  if (input.amount <= 0n) throw badInput('amount', 'must be more than zero.')
  const usdc = network.assets.find((a) => a.chainId === input.sourceChainId && a.symbol === 'USDC')
  const client = network.clientOf(input.sourceChainId)
  if (!usdc || !client)
    throw badInput('sourceChainId', `is chain ${input.sourceChainId}, where this Billfold has no USDC.`)
  const token = usdc.address as Address
  const allowance = await client.readContract({
    address: token,
    abi: erc20Abi,
    functionName: 'allowance',
    args: [owner, source.tokenMessenger],
  })
  const approve: PreparedCall[] =
    allowance >= input.amount
      ? []
      : [
          {
            chainId: input.sourceChainId,
            to: token,
            data: encodeFunctionData({
              abi: erc20Abi,
              functionName: 'approve',
              args: [source.tokenMessenger, input.amount],
            }),
            purpose: 'approve',
          },
        ]
  return [
    ...approve,
    {
      chainId: input.sourceChainId,
      to: source.tokenMessenger,
      data: encodeFunctionData({
        abi: tokenMessengerV2Abi,
        functionName: 'depositForBurn',
        args: [input.amount, destination.domain, pad(owner), token, zeroHash, 0n, FINALIZED],
      }),
      purpose: 'burn',
    },
  ]
}

/** The chain of CCTP `domain` among the networks of `sourceChainId`'s kind (public or test). */
export function cctpChainIdOf(sourceChainId: number, domain: number): number | undefined {
  const source = cctpChainOf('sourceChainId', sourceChainId)
  const entry = Object.entries(cctpChains).find(([, c]) => c.domain === domain && c.irisUrl === source.irisUrl)
  return entry ? Number(entry[0]) : undefined
}

/**
 * The mint on the destination of an attested CCTP V2 message: `receiveMessage` on the
 * MessageTransmitter of the chain the message names (its destination domain, bytes 8–12), among
 * the networks of the source's kind.
 */
export function prepareMint(sourceChainId: number, message: Hex, attestation: Hex): PreparedCall {
  const domain = hexToNumber(sliceHex(message, 8, 12))
  const chainId = cctpChainIdOf(sourceChainId, domain)
  if (chainId === undefined)
    throw badInput('message', `is for CCTP domain ${domain}, a chain this Billfold does not know.`)
  return {
    chainId,
    to: cctpChains[chainId]!.messageTransmitter,
    data: encodeFunctionData({
      abi: messageTransmitterV2Abi,
      functionName: 'receiveMessage',
      args: [message, attestation],
    }),
    purpose: 'mint',
  }
}
