import { erc20Abi, type Address, type PublicClient } from 'viem'
import { PERMIT2_ADDRESS } from '../../../domain/permit2/permit2.ts'
import { permit2TransferCall, permitCall, readPermit2Allowance, type StoredPermit2 } from './permit2Grant.ts'

export type Permit2Refusal =
  'revoked' | 'expired' | 'over-allowance' | 'token-approval-low' | 'balance-too-low' | 'would-revert'

/** Whether the relayer can charge now, and whether the payer's signed permit must be sent first. */
export type Permit2Check = { ok: true; permitSent: boolean } | { ok: false; reason: Permit2Refusal; details?: string }

/**
 * Asks the chain whether `relayer` can move `amount` to `payee` under the payer's Permit2 allowance
 * now: the allowance (a changed expiration, a zeroed amount or a spent nonce the permit never used is
 * the payer revoking), the token's approval of Permit2, the balance, then the very call simulated.
 */
export async function checkPermit2Charge(
  client: PublicClient,
  stored: StoredPermit2,
  payee: Address,
  amount: bigint,
  relayer: Address,
): Promise<Permit2Check> {
  const { owner, permit } = stored
  const [onChain, { timestamp }, approved, balance] = await Promise.all([
    readPermit2Allowance(client, owner, permit.token, permit.spender),
    client.getBlock({ blockTag: 'latest' }),
    client.readContract({
      address: permit.token,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [owner, PERMIT2_ADDRESS],
    }),
    client.readContract({ address: permit.token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] }),
  ])
  const permitSent = onChain.nonce > permit.nonce
  if (permitSent && (onChain.expiration !== permit.expiration || onChain.amount === 0n))
    return { ok: false, reason: 'revoked' }
  if (approved === 0n) return { ok: false, reason: 'revoked', details: 'the token no longer lets Permit2 move it' }
  // The charge lands in a later block; Permit2 refuses it once that block's time is past the expiration.
  if (Number(timestamp) + 1 > permit.expiration) return { ok: false, reason: 'expired' }
  if ((permitSent ? onChain.amount : BigInt(permit.amount)) < amount) return { ok: false, reason: 'over-allowance' }
  if (approved < amount) return { ok: false, reason: 'token-approval-low' }
  if (balance < amount) return { ok: false, reason: 'balance-too-low' }
  try {
    await client.call({
      account: relayer,
      ...(permitSent ? permit2TransferCall(stored, payee, amount) : permitCall(stored)),
    })
  } catch (error) {
    return {
      ok: false,
      reason: 'would-revert',
      details: error instanceof Error ? error.message.split('\n')[0] : String(error),
    }
  }
  return { ok: true, permitSent }
}
