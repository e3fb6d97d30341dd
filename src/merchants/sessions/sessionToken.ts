import { randomBytes } from 'node:crypto'
import { sha256Hex } from '../../secrets/sha256Hex.ts'

/** A session's secret, as the cookie carries it: 32 random bytes, base64url. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url')
}

/** Only the hash of a token is stored, so a copy of the database signs no one in. */
export const hashSessionToken = sha256Hex
