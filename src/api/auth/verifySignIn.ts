import { isAddress, isHex, type Address, type Hex, type PublicClient } from 'viem'
import { createSiweMessage, parseSiweMessage } from 'viem/siwe'
import {
  SiweDomainMismatchError,
  SiweChainUnsupportedError,
  SiweExpiredError,
  SiweSignatureInvalidError,
  SiweMessageInvalidError,
} from '../../domain/errors/signIn.ts'
import { badInput } from '../../domain/errors/input.ts'

export type SiwePolicy = {
  /** host[:port] the message must name, e.g. billfold.example or 127.0.0.1:3000. */
  domain: string
  /** The app's origin; the message's URI must be on it. */
  origin: string
  /** Chains a session may be for, each with a client to verify smart-contract wallet signatures. */
  clients: ReadonlyMap<number, PublicClient>
}

const MAX_MESSAGE_LENGTH = 4000
// 65-byte EOA signatures and the longer ERC-1271/6492 ones; bounded so nobody posts megabytes.
const MAX_SIGNATURE_LENGTH = 20_000
const CLOCK_SKEW_MS = 5 * 60 * 1000

export type VerifiedSignIn = { address: Address; chainId: number; nonce: string }

/** Checks a Sign-In with Ethereum message and its signature, without writing anything. */
export async function verifySignIn(policy: SiwePolicy, message: string, signature: string): Promise<VerifiedSignIn> {
  if (!signature.startsWith('0x') || !isHex(signature, { strict: true }))
    throw badInput('signature', 'must be a 0x-prefixed hex string.')
  if (signature.length < 132 || signature.length % 2 !== 0 || signature.length > MAX_SIGNATURE_LENGTH)
    throw badInput('signature', 'has the wrong length for an Ethereum signature.')
  if (message.length > MAX_MESSAGE_LENGTH) throw badInput('message', `is longer than ${MAX_MESSAGE_LENGTH} characters.`)

  const fields = parseSiweMessage(message)
  for (const field of ['domain', 'address', 'uri', 'version', 'chainId', 'nonce', 'issuedAt'] as const) {
    if (fields[field] === undefined || fields[field] === '')
      throw invalidMessage(`The sign-in message has no ${field}.`)
  }
  const { domain, address, uri, chainId, nonce, issuedAt, expirationTime, notBefore } = fields as Required<
    Pick<typeof fields, 'domain' | 'address' | 'uri' | 'chainId' | 'nonce' | 'issuedAt'>
  > &
    typeof fields
  if (fields.version !== '1') throw invalidMessage('The sign-in message must be version 1.')
  if (!isAddress(address, { strict: false })) throw invalidMessage('The sign-in message has no valid address.')
  for (const [name, date] of [
    ['issuedAt', issuedAt],
    ['expirationTime', expirationTime],
    ['notBefore', notBefore],
  ] as const) {
    if (date && Number.isNaN(date.getTime())) throw invalidMessage(`The sign-in message has an unreadable ${name}.`)
  }
  // Anything beyond the EIP-4361 fields (an extra line, a changed layout) is refused.
  if (createSiweMessage({ ...fields, address, chainId, domain, nonce, uri, issuedAt, version: '1' }) !== message)
    throw invalidMessage('The sign-in message is not in the Sign-In with Ethereum format.')

  if (domain !== policy.domain)
    throw new SiweDomainMismatchError({
      field: 'message',
      shortMessage: `This sign-in message is for ${domain}, not ${policy.domain}.`,
    })
  if (!sameOrigin(uri, policy.origin))
    throw new SiweDomainMismatchError({
      field: 'message',
      shortMessage: `This sign-in message is for ${uri}, not ${policy.origin}.`,
    })
  const client = policy.clients.get(chainId)
  if (!client)
    throw new SiweChainUnsupportedError({
      field: 'message',
      shortMessage: `Chain ${chainId} is not one this Billfold accepts.`,
    })

  const now = Date.now()
  if (expirationTime && expirationTime.getTime() <= now)
    throw new SiweExpiredError({
      field: 'message',
      shortMessage: 'This sign-in message has expired. Sign in again.',
    })
  if (notBefore && notBefore.getTime() > now + CLOCK_SKEW_MS)
    throw new SiweExpiredError({
      field: 'message',
      shortMessage: 'This sign-in message is not valid yet.',
    })
  if (issuedAt.getTime() > now + CLOCK_SKEW_MS)
    throw invalidMessage('The sign-in message was issued in the future: check your clock.')

  let valid: boolean
  try {
    // ERC-1271 and ERC-6492 signatures of smart-contract wallets are checked on chain.
    valid = await client.verifyMessage({ address, message, signature: signature as Hex })
  } catch (cause) {
    throw new SiweSignatureInvalidError({
      field: 'signature',
      shortMessage: 'The signature could not be checked.',
      cause,
    })
  }
  if (!valid)
    throw new SiweSignatureInvalidError({
      field: 'signature',
      shortMessage: `The signature is not from ${address}.`,
    })
  return { address, chainId, nonce }
}

function invalidMessage(sentence: string) {
  return new SiweMessageInvalidError({ field: 'message', shortMessage: sentence })
}

function sameOrigin(uri: string, origin: string): boolean {
  try {
    return new URL(uri).origin === new URL(origin).origin
  } catch {
    return false
  }
}
