import { getAddress, isAddress, isAddressEqual, zeroAddress, type Address, type Hex } from 'viem'
import { AmountError, parseAmount } from './amount.ts'
import { deceptiveTextProblem } from './displayText.ts'

export const NATIVE_ASSET = 'native'
export const MAX_MEMO_LENGTH = 280

export type PaymentStatus = 'open' | 'pending' | 'paid' | 'partially_paid' | 'overpaid' | 'expired' | 'cancelled'

/** An asset a request can ask for: the chain's native coin or a configured token. */
export type Asset = { chainId: number; address: Address | typeof NATIVE_ASSET; symbol: string; decimals: number }

/** The payment-critical fields the payee signs. */
export type PaymentRequestTerms = {
  chainId: number
  asset: Address | typeof NATIVE_ASSET
  amount: bigint
  payee: Address
  payer: Address | null
  memo: string
  dueAt: Date
  reference: Hex
}

/** The fields every signed request ends with, whatever it asks for: who, what for, until when, its reference. */
export const requestPartiesTypes = [
  { name: 'payee', type: 'address' },
  { name: 'payer', type: 'address' },
  { name: 'memo', type: 'string' },
  { name: 'dueAt', type: 'uint64' },
  { name: 'reference', type: 'bytes16' },
] as const

/** Those fields' EIP-712 values: "any payer" is the zero address, the due date in seconds. */
export const requestPartiesMessage = (
  terms: Pick<PaymentRequestTerms, 'payee' | 'payer' | 'memo' | 'dueAt' | 'reference'>,
) => ({
  payee: terms.payee,
  payer: terms.payer ?? zeroAddress,
  memo: terms.memo,
  dueAt: BigInt(Math.floor(terms.dueAt.getTime() / 1000)),
  reference: terms.reference,
})

export const paymentRequestTypes = {
  PaymentRequest: [
    { name: 'chainId', type: 'uint256' },
    { name: 'asset', type: 'address' },
    { name: 'amount', type: 'uint256' },
    ...requestPartiesTypes,
  ],
} as const

/** EIP-712 typed data of a request: the native coin and "any payer" are the zero address. */
export function paymentRequestTypedData(terms: PaymentRequestTerms) {
  return {
    domain: { name: 'Billfold', version: '1', chainId: terms.chainId },
    types: paymentRequestTypes,
    primaryType: 'PaymentRequest' as const,
    message: {
      chainId: BigInt(terms.chainId),
      asset: terms.asset === NATIVE_ASSET ? zeroAddress : terms.asset,
      amount: terms.amount,
      ...requestPartiesMessage(terms),
    },
  }
}

/** What a person typed in the form, before any rule is applied. */
export type PaymentRequestDraft = {
  chainId: string
  asset: string
  amount: string
  payer: string
  memo: string
  dueAt: string
}

export type FieldErrors = Partial<Record<keyof PaymentRequestDraft, string>>

/** The fields every request has, whatever it is priced in. */
export type RequestBasicsDraft = Omit<PaymentRequestDraft, 'asset' | 'amount'>

/** The rules of the fields every request has: a chain offered, a payer who is not the payee, a memo, a due date. */
export function checkRequestBasics(
  draft: RequestBasicsDraft,
  { assets, now = new Date(), payee }: { assets: readonly Asset[]; now?: Date; payee?: string | undefined },
) {
  const errors: FieldErrors = {}
  const chainId = Number(draft.chainId)
  const chainAssets = assets.filter((a) => a.chainId === chainId)
  if (!Number.isSafeInteger(chainId) || chainAssets.length === 0)
    errors.chainId = 'Chain is not one this Billfold accepts.'

  let payer: Address | null = null
  const typedPayer = draft.payer.trim()
  if (typedPayer) {
    const problem = addressProblem('Payer', typedPayer)
    if (problem) errors.payer = `${problem} Or leave it empty to accept any payer.`
    else if (isAddressEqual(typedPayer as Address, zeroAddress))
      errors.payer = 'Payer cannot be the zero address: nobody can pay from it. Leave it empty to accept any payer.'
    else if (payee && isAddress(payee) && isAddressEqual(typedPayer as Address, payee))
      errors.payer = 'Payer cannot be you: paying yourself moves nothing.'
    else payer = getAddress(typedPayer)
  }

  const memoProblem =
    [...draft.memo].length > MAX_MEMO_LENGTH
      ? `Memo can be at most ${MAX_MEMO_LENGTH} characters; it has ${[...draft.memo].length}.`
      : deceptiveTextProblem('Memo', draft.memo)
  if (memoProblem) errors.memo = memoProblem

  const dueAt = new Date(draft.dueAt)
  if (!draft.dueAt.trim() || Number.isNaN(dueAt.getTime())) errors.dueAt = 'Due date is required.'
  else if (dueAt.getTime() <= now.getTime()) errors.dueAt = 'Due date must be in the future.'
  else if (dueAt.getTime() > now.getTime() + 5 * 365 * 24 * 3600 * 1000)
    errors.dueAt = 'Due date must be within five years.'

  return {
    errors,
    chainId,
    chainAssets,
    basics: { chainId, payer, memo: draft.memo, dueAt: new Date(Math.floor(dueAt.getTime() / 1000) * 1000) },
  }
}

/**
 * Every rule of a new request, as the form and the server both apply them. Returns the terms
 * (without payee and reference, which are not typed) or one sentence per field that is wrong.
 */
export function checkPaymentRequestDraft(
  draft: PaymentRequestDraft,
  context: { assets: readonly Asset[]; now?: Date; payee?: string | undefined },
): { ok: true; terms: Omit<PaymentRequestTerms, 'payee' | 'reference'> } | { ok: false; errors: FieldErrors } {
  const { errors, chainAssets, basics } = checkRequestBasics(draft, context)
  const asset = chainAssets.find((a) => a.address.toLowerCase() === draft.asset.toLowerCase())
  if (!errors.chainId && !asset) errors.asset = 'Asset is not available on this chain.'

  let amount = 0n
  if (asset) {
    try {
      amount = parseAmount(draft.amount, asset.decimals)
    } catch (error) {
      if (!(error instanceof AmountError)) throw error
      errors.amount = error.shortMessage
    }
  } else if (!draft.amount.trim()) errors.amount = 'Amount is required.'

  if (Object.keys(errors).length > 0 || !asset) return { ok: false, errors }
  return { ok: true, terms: { ...basics, asset: asset.address, amount } }
}

/**
 * What is wrong with a typed address, named: spaces inside, not 0x and 40 hex characters, or mixed
 * capitals that are not its checksum (a typo the capitals caught). All-lowercase or all-capital hex
 * carries no checksum and is taken as it is.
 */
export function addressProblem(field: string, typed: string): string | undefined {
  if (/\s/.test(typed)) return `${field} has spaces in it; an address is 0x followed by 40 hex characters.`
  if (!isAddress(typed, { strict: false }))
    return `${field} must be an Ethereum address: 0x followed by 40 hex characters (0–9, a–f).`
  const hex = typed.slice(2)
  const mixedCase = hex !== hex.toLowerCase() && hex !== hex.toUpperCase()
  if (mixedCase && !isAddress(typed, { strict: true }))
    return `${field}'s capital letters do not match its checksum: there is a typo in the address. Copy it again from its source.`
  return undefined
}
