import type { Address } from 'viem'
import type { Db } from '../../db/createDatabase.ts'
import { consumeNonce, isNonceUsable } from './nonces.ts'
import { createSession } from './sessions.ts'
import { ApiError } from '../../domain/errors/apiError.ts'
import { SiweNonceInvalidError } from '../../domain/errors/signIn.ts'

export type OpenSessionParameters = { nonce: string; address: Address; chainId: number; ttlMs: number }
export type OpenSessionReturnType = { token: string; expiresAt: Date }
/** SIWE_NONCE_INVALID: the signed message's nonce expired, was never issued or was used already. */
export type OpenSessionErrorType = ApiError

const nonceRefused = () =>
  new SiweNonceInvalidError({
    field: 'message',
    shortMessage: 'This sign-in request has expired or was already used. Sign in again.',
  })

/** Signs in the wallet whose signed message carried `nonce`: spends the nonce and opens a session. */
export async function openSession(
  db: Db,
  { nonce, address, chainId, ttlMs }: OpenSessionParameters,
): Promise<OpenSessionReturnType> {
  if (!(await isNonceUsable(db, nonce))) throw nonceRefused()
  // One transaction: the nonce is spent only if the session is created, and only once.
  return db.transaction(async (tx) => {
    if (!(await consumeNonce(tx, nonce))) throw nonceRefused()
    return createSession(tx, { address, chainId, ttlMs })
  })
}
