import {
  encodeFunctionData,
  erc20Abi,
  isHex,
  type Address,
  type Chain,
  type Client,
  type Hash,
  type Hex,
  type Transport,
} from 'viem'
import { getCode, readContract, waitForTransactionReceipt } from 'viem/actions'
import { PERMIT2_ADDRESS, permit2Abi } from '../domain/permit2/permit2.ts'
import { readPermissionSupport } from './periodicPermissions.ts'
import { toWalletError } from './toWalletError.ts'
import type { Eip1193Provider } from './types.ts'
import { InvalidWalletResponseError, type WalletError } from './walletErrors.ts'

/** A read-only client of the plan's chain (the page's own). */
type ChainClient = Client<Transport, Chain>

/** The ways a payer's wallet can let Billfold charge each period, safest first. */
export type SubscriptionMechanism = 'erc7715' | 'permit2'

/**
 * What the payer's wallet can start a plan with on `chainId`, safest first: an ERC-7715 periodic
 * permission (the chain caps each period) where the wallet grants one, then a Permit2 allowance
 * (the chain caps only the total) where Permit2 is on the chain, which any wallet that signs EIP-712
 * typed data can give. Empty: none, and each period is paid by hand.
 */
export async function readSubscriptionOffers(
  provider: Eip1193Provider,
  client: ChainClient,
  { chainId, account }: { chainId: number; account: Address },
): Promise<{ mechanisms: SubscriptionMechanism[]; reason?: WalletError }> {
  const [support, permit2Code] = await Promise.all([
    readPermissionSupport(provider, { chainId, account }),
    getCode(client, { address: PERMIT2_ADDRESS }).catch(() => undefined),
  ])
  const mechanisms: SubscriptionMechanism[] = []
  if (support.kind === 'execution-permissions') mechanisms.push('erc7715')
  if (permit2Code && permit2Code !== '0x') mechanisms.push('permit2')
  return support.kind === 'none' && support.reason ? { mechanisms, reason: support.reason } : { mechanisms }
}

async function ask(provider: Eip1193Provider, method: string, params: readonly unknown[]): Promise<unknown> {
  try {
    return await provider.request({ method, params })
  } catch (error) {
    throw toWalletError(error, { method })
  }
}

async function send(provider: Eip1193Provider, client: ChainClient, tx: { from: Address; to: Address; data: Hex }) {
  const hash = await ask(provider, 'eth_sendTransaction', [tx])
  if (typeof hash !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(hash))
    throw new InvalidWalletResponseError({ method: 'eth_sendTransaction' })
  await waitForTransactionReceipt(client, { hash: hash as Hash })
}

/** The token's approval of Permit2, raised to `total` by the payer's wallet only when it is short. */
export async function approvePermit2IfShort(
  provider: Eip1193Provider,
  client: ChainClient,
  { token, owner, total }: { token: Address; owner: Address; total: bigint },
): Promise<void> {
  const approved = await readContract(client, {
    address: token,
    abi: erc20Abi,
    functionName: 'allowance',
    args: [owner, PERMIT2_ADDRESS],
  })
  if (approved >= total) return
  const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [PERMIT2_ADDRESS, total] })
  await send(provider, client, { from: owner, to: token, data })
}

/** Permit2's EIP-712 domain fields, which `eth_signTypedData_v4` wants spelled out among the types. */
const PERMIT2_DOMAIN_TYPE = [
  { name: 'name', type: 'string' },
  { name: 'chainId', type: 'uint256' },
  { name: 'verifyingContract', type: 'address' },
]

/** The payer's wallet signs the PermitSingle (EIP-712, `eth_signTypedData_v4`); its signature, read as hex. */
export async function signPermit(
  provider: Eip1193Provider,
  owner: Address,
  typedData: { types: Record<string, unknown> },
): Promise<Hex> {
  const method = 'eth_signTypedData_v4'
  const full = { ...typedData, types: { EIP712Domain: PERMIT2_DOMAIN_TYPE, ...typedData.types } }
  const signature = await ask(provider, method, [owner, JSON.stringify(full)])
  if (typeof signature !== 'string' || !isHex(signature)) throw new InvalidWalletResponseError({ method })
  return signature
}

/**
 * Revokes a Permit2 subscription from the payer's wallet: an allowance the permit set is zeroed and
 * ended now (`approve(token, spender, 0, 0)`); a permit not yet used has its nonce spent instead.
 */
export async function revokePermit2(
  provider: Eip1193Provider,
  client: ChainClient,
  { owner, token, spender, nonce }: { owner: Address; token: Address; spender: Address; nonce: number },
): Promise<void> {
  const [, , next] = await readContract(client, {
    address: PERMIT2_ADDRESS,
    abi: permit2Abi,
    functionName: 'allowance',
    args: [owner, token, spender],
  })
  const data =
    next > nonce
      ? encodeFunctionData({ abi: permit2Abi, functionName: 'approve', args: [token, spender, 0n, 0] })
      : encodeFunctionData({ abi: permit2Abi, functionName: 'invalidateNonces', args: [token, spender, nonce + 1] })
  await send(provider, client, { from: owner, to: PERMIT2_ADDRESS, data })
}
