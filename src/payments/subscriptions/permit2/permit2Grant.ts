import { encodeFunctionData, isAddress, isHex, type Address, type Hex, type PublicClient } from 'viem'
import { z } from 'zod'
import { badInput, SignatureMismatchError } from '../../../domain/errors/input.ts'
import {
  PERMIT2_ADDRESS,
  permit2Abi,
  permitSingleTypedData,
  type PermitSingle,
} from '../../../domain/permit2/permit2.ts'

/** What a plan asks a Permit2 payer to sign: the whole plan's amount, to the payee's relayer, until the end. */
export type Permit2Ask = {
  chainId: number
  token: Address
  /** The per-period cap times the periods before the end: Permit2 caps the total, not each period. */
  total: bigint
  /** Unix seconds: the allowance's expiration and the signature's deadline. */
  expiration: number
  spender: Address
}

/** A signed PermitSingle as the subscriptions table keeps it (bigints as decimal strings). */
export type StoredPermit2 = {
  mechanism: 'permit2'
  owner: Address
  permit: { token: Address; amount: string; expiration: number; nonce: number; spender: Address; sigDeadline: string }
  signature: Hex
}

const address = z.string().refine((v) => isAddress(v), 'must be an address')
const integer = z.union([z.string(), z.number()]).refine((v) => /^\d+$/.test(String(v)), 'must be a whole number')

/** What the payer's page sends once the wallet signed: the owner, the PermitSingle and its signature. */
export const permit2AnswerSchema = z.object({
  mechanism: z.literal('permit2'),
  owner: address,
  permit: z.object({
    details: z.object({ token: address, amount: integer, expiration: integer, nonce: integer }),
    spender: address,
    sigDeadline: integer,
  }),
  signature: z.string().refine((v) => isHex(v), 'must be hex'),
})

/** The owner's next Permit2 nonce for (token, spender): the one a new PermitSingle must carry. */
export async function readPermit2Allowance(client: PublicClient, owner: Address, token: Address, spender: Address) {
  const [amount, expiration, nonce] = await client.readContract({
    address: PERMIT2_ADDRESS,
    abi: permit2Abi,
    functionName: 'allowance',
    args: [owner, token, spender],
  })
  return { amount, expiration, nonce }
}

/** The PermitSingle a plan asks `owner` to sign, at the nonce the chain expects next. */
export const askedPermit = (ask: Permit2Ask, nonce: number): PermitSingle => ({
  details: { token: ask.token, amount: ask.total, expiration: ask.expiration, nonce },
  spender: ask.spender,
  sigDeadline: BigInt(ask.expiration),
})

/**
 * Keeps a signed PermitSingle only when it is exactly what the plan asks (token, total, expiration,
 * spender, deadline, the chain's next nonce) and the owner signed it (an account's ERC-1271 too).
 */
export async function verifyPermit2(client: PublicClient, answer: unknown, ask: Permit2Ask): Promise<StoredPermit2> {
  const parsed = permit2AnswerSchema.safeParse(answer)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    throw badInput(['permission', ...issue.path].join('.'), `is not a signed Permit2 permit (${issue.message})`)
  }
  const { owner, permit, signature } = parsed.data
  const { nonce } = await readPermit2Allowance(client, owner as Address, ask.token, ask.spender)
  const asked = askedPermit(ask, nonce)
  const differs = (field: string, got: unknown, want: unknown) => {
    if (String(got).toLowerCase() !== String(want).toLowerCase())
      throw badInput(`permission.${field}`, `must be ${want}`)
  }
  differs('token', permit.details.token, asked.details.token)
  differs('amount', permit.details.amount, asked.details.amount)
  differs('expiration', permit.details.expiration, asked.details.expiration)
  differs('nonce', permit.details.nonce, asked.details.nonce)
  differs('spender', permit.spender, asked.spender)
  differs('sigDeadline', permit.sigDeadline, asked.sigDeadline)
  const valid = await client
    .verifyTypedData({
      address: owner as Address,
      signature: signature as Hex,
      ...permitSingleTypedData(asked, ask.chainId),
    })
    .catch(() => false)
  if (!valid)
    throw new SignatureMismatchError({
      field: 'permission.signature',
      shortMessage: 'The permit is not signed by its owner.',
    })
  return {
    mechanism: 'permit2',
    owner: owner as Address,
    permit: {
      token: asked.details.token,
      amount: String(asked.details.amount),
      expiration: asked.details.expiration,
      nonce,
      spender: asked.spender,
      sigDeadline: String(asked.sigDeadline),
    },
    signature: signature as Hex,
  }
}

export const isStoredPermit2 = (stored: unknown): stored is StoredPermit2 =>
  (stored as { mechanism?: unknown } | null)?.mechanism === 'permit2'

const permitOf = (stored: StoredPermit2): PermitSingle => ({
  details: {
    token: stored.permit.token,
    amount: BigInt(stored.permit.amount),
    expiration: stored.permit.expiration,
    nonce: stored.permit.nonce,
  },
  spender: stored.permit.spender,
  sigDeadline: BigInt(stored.permit.sigDeadline),
})

/** The relayer's first call: the payer's signed permit, which sets the allowance on chain. */
export const permitCall = (stored: StoredPermit2): { to: Address; data: Hex } => ({
  to: PERMIT2_ADDRESS,
  data: encodeFunctionData({
    abi: permit2Abi,
    functionName: 'permit',
    args: [stored.owner, permitOf(stored), stored.signature],
  }),
})

/** Each charge: Permit2 moves `amount` straight from the payer to the payee, within the allowance. */
export const permit2TransferCall = (
  stored: StoredPermit2,
  payee: Address,
  amount: bigint,
): { to: Address; data: Hex } => ({
  to: PERMIT2_ADDRESS,
  data: encodeFunctionData({
    abi: permit2Abi,
    functionName: 'transferFrom',
    args: [stored.owner, payee, amount, stored.permit.token],
  }),
})
