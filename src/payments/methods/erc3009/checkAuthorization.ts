import { formatUnits, getAddress, isHex, recoverTypedDataAddress, size, type Address, type Hex } from 'viem'
import type { TokenProfile } from '../../../chain/tokens.ts'
import { addressProblem } from '../../../domain/paymentRequest.ts'
import { transferAuthorizationTypedData, type TransferAuthorization } from '../../../domain/transferAuthorization.ts'
import { referenceOfAuthorizationNonce } from '../../../domain/transferReference.ts'
import type { PaymentRequestRow } from '../../repository/paymentRequests.ts'
import { PAY_PAGE_RULES, type SignedPaymentRules } from '../paymentMethod.ts'
import { AuthorizationMismatchError, AuthorizationExpiredError } from '../../../domain/errors/authorization.ts'
import { BadUserInputError } from '../../../domain/errors/input.ts'

/** An authorization as an API client sends it: uint256 values as decimal strings. */
export type AuthorizationInput = {
  from: string
  to: string
  value: string
  validAfter: string
  validBefore: string
  nonce: string
}

/** Time left for the relay to be mined: an authorization closer than this to its end is refused. */
export const MIN_REMAINING_SECONDS = 30n

const UINT = /^\d{1,78}$/
function uint(field: string, typed: string, unit: string): bigint {
  if (/^\d+[.,]\d*$/.test(typed.trim()))
    throw new BadUserInputError({
      field,
      shortMessage: `${field} must be a whole number of ${unit}, without decimals.`,
    })
  if (!UINT.test(typed.trim()) || BigInt(typed.trim()) >= 2n ** 256n)
    throw new BadUserInputError({
      field,
      shortMessage: `${field} must be a whole number of ${unit} (a uint256 in decimal).`,
    })
  return BigInt(typed.trim())
}

function address(field: string, typed: string): Address {
  const problem = addressProblem(field, typed.trim())
  if (problem) throw new BadUserInputError({ field, shortMessage: problem })
  return getAddress(typed.trim())
}

/**
 * The authorization, read and held against the request it pays: from the payer the request names
 * (if any), to its payee, exactly what is still due, a window open now, short and not about to
 * close, a nonce carrying the request's reference, and (for a plain signature) signed by `from`
 * over this token's domain. What only the chain knows (used, balance, a contract's signature) is
 * the simulation's to say.
 */
export async function checkAuthorization(
  request: PaymentRequestRow,
  token: TokenProfile,
  input: AuthorizationInput,
  signatureInput: string,
  otherTokens: readonly TokenProfile[],
  rules: SignedPaymentRules = PAY_PAGE_RULES,
  now = BigInt(Math.floor(Date.now() / 1000)),
): Promise<{ authorization: TransferAuthorization; signature: Hex; recovered: boolean }> {
  const from = address('authorization.from', input.from)
  const to = address('authorization.to', input.to)
  const value = uint('authorization.value', input.value, `${request.symbol} base units`)
  const validAfter = uint('authorization.validAfter', input.validAfter, 'seconds')
  const validBefore = uint('authorization.validBefore', input.validBefore, 'seconds')
  const nonce = input.nonce.trim().toLowerCase() as Hex
  if (!isHex(nonce, { strict: true }) || size(nonce) !== 32)
    throw new BadUserInputError({
      field: 'authorization.nonce',
      shortMessage: 'authorization.nonce must be 32 bytes in hex (0x and 64 hex characters).',
    })
  const signature = signatureInput.trim() as Hex
  if (!isHex(signature, { strict: true }) || size(signature) < 65)
    throw new BadUserInputError({
      field: 'signature',
      shortMessage: "signature must be hex: 65 bytes from a wallet, or a smart account's longer signature.",
    })

  if (request.payer && getAddress(request.payer) !== from)
    throw new AuthorizationMismatchError({
      field: 'authorization.from',
      shortMessage: `authorization.from must be ${request.payer}: only that address may pay this request.`,
    })
  if (to !== getAddress(request.payee))
    throw new AuthorizationMismatchError({
      field: 'authorization.to',
      shortMessage: `authorization.to must be the payee, ${request.payee}.`,
    })
  const due = BigInt(request.amount) - BigInt(request.received)
  if (value !== due)
    throw new AuthorizationMismatchError({
      field: 'authorization.value',
      shortMessage: `authorization.value must be what is still due: ${due} base units (${formatUnits(due, request.decimals)} ${request.symbol}).`,
    })
  if (rules.nonceCarriesReference && referenceOfAuthorizationNonce(nonce) !== request.reference.toLowerCase())
    throw new AuthorizationMismatchError({
      field: 'authorization.nonce',
      shortMessage: "authorization.nonce must begin with this request's reference.",
    })
  if (validAfter >= now)
    throw new AuthorizationExpiredError({
      field: 'authorization.validAfter',
      shortMessage: 'authorization.validAfter is not yet past: the authorization is not valid yet.',
    })
  if (validBefore < now + MIN_REMAINING_SECONDS)
    throw new AuthorizationExpiredError({
      field: 'authorization.validBefore',
      shortMessage: 'The authorization has expired (or expires within 30 seconds): sign a new one.',
    })
  if (validBefore - now > rules.maxValiditySeconds)
    throw new BadUserInputError({
      field: 'authorization.validBefore',
      shortMessage: `authorization.validBefore must be within ${rules.maxValiditySeconds} seconds: a longer window is refused.`,
    })

  const authorization = { from, to, value, validAfter, validBefore, nonce }
  let recovered = false
  if (size(signature) === 65) {
    const signer = await signerOver(token, authorization, signature, request.chainId)
    recovered = signer === from
    if (!recovered) {
      const other = await findAsync(
        otherTokens,
        async (t) => (await signerOver(t, authorization, signature, request.chainId)) === from,
      )
      // A plain signature that is not `from`'s may still be a contract's (ERC-1271): the simulation decides.
      if (other)
        throw new AuthorizationMismatchError({
          field: 'signature',
          shortMessage: `The signature authorises ${other.symbol}, but this request asks for ${request.symbol}.`,
        })
    }
  }
  return { authorization, signature, recovered }
}

async function signerOver(token: TokenProfile, message: TransferAuthorization, signature: Hex, chainId: number) {
  if (!token.eip712) return undefined
  const typed = transferAuthorizationTypedData({ chainId, address: token.address, eip712: token.eip712 }, message)
  return recoverTypedDataAddress({ ...typed, signature }).catch(() => undefined)
}

async function findAsync<T>(items: readonly T[], test: (item: T) => Promise<boolean>) {
  for (const item of items) if (await test(item)) return item
  return undefined
}
