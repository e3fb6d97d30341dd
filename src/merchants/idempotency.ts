import { createHash } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../db/createDatabase.ts'
import { idempotencyKeys } from '../db/schema.ts'
import {
  findPaymentRequest,
  insertPaymentRequestWith,
  newPaymentRequestId,
  type PaymentRequestRow,
} from '../payments/repository/paymentRequests.ts'
import type { signMerchantRequest } from './merchantRequest.ts'
import { IdempotencyKeyReusedError } from '../domain/errors/request.ts'
import { badInput } from '../domain/errors/input.ts'

const MAX_IDEMPOTENCY_KEY_LENGTH = 255

/** An `Idempotency-Key` header as sent, checked; undefined when there is none. */
export function readIdempotencyKey(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined
  if (
    typeof header !== 'string' ||
    !header.trim() ||
    header.length > MAX_IDEMPOTENCY_KEY_LENGTH ||
    /[^\x21-\x7e]/.test(header)
  )
    throw badInput(
      'Idempotency-Key',
      `must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} printable characters without spaces, e.g. a UUID.`,
    )
  return header
}

/** What a retry must repeat exactly: the operation and its body. */
export const requestFingerprint = (operation: string, body: Buffer) =>
  createHash('sha256').update(`${operation}\n`).update(body).digest('hex')

/**
 * Stores a signed request once per payee and `Idempotency-Key` (whichever of the payee's API keys
 * sends it: a key rotated, two shop servers). The key is claimed, naming the request, and the request
 * inserted in one statement; a retry's claim waits for the first to commit, then finds the key taken
 * and gets the same request back (`replayed`). The same key with another body is refused. The request
 * is signed before (no connection is held while the delegate signs).
 */
export async function issueOnce(
  db: Db,
  {
    payee,
    apiKeyId,
    idempotencyKey,
    fingerprint,
    signed,
  }: {
    payee: string
    apiKeyId: string
    idempotencyKey: string
    fingerprint: string
    signed: Awaited<ReturnType<typeof signMerchantRequest>>
  },
): Promise<{ replayed: boolean; row: PaymentRequestRow }> {
  const id = newPaymentRequestId()
  const claim = sql`insert into ${idempotencyKeys} (payee, api_key_id, key, fingerprint, request_id)
    values (${payee}, ${apiKeyId}, ${idempotencyKey}, ${fingerprint}, ${id})
    on conflict do nothing returning request_id`
  const made = await insertPaymentRequestWith(db, claim, { ...signed, id })
  if (made) return { replayed: false, row: made }
  const [earlier] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.payee, payee), eq(idempotencyKeys.key, idempotencyKey)))
  // The claim found the key taken, and keys are kept for good: the earlier use is there.
  if (earlier!.fingerprint !== fingerprint)
    throw new IdempotencyKeyReusedError({
      field: 'Idempotency-Key',
      shortMessage: 'This Idempotency-Key was used with another body. Use a new key for a new request.',
    })
  return { replayed: true, row: (await findPaymentRequest(db, earlier!.requestId!))! }
}
