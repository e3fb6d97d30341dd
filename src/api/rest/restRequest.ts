import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Permission } from '../../domain/permissions.ts'
import type { Actor } from '../../merchants/business/authorize.ts'
import type { UseCase } from '../../merchants/business/useCase.ts'
import { readBody } from '../../http/readBody.ts'
import type { ApiKeyRow } from '../../merchants/apiKeys.ts'
import type { ApiKeyStore } from '../../merchants/apiKeyStore.ts'
import type { Db } from '../../db/createDatabase.ts'
import {
  findPaymentRequest,
  isPaymentRequestId,
  type PaymentRequestRow,
} from '../../payments/repository/paymentRequests.ts'
import { UnauthenticatedError, NotFoundError } from '../../domain/errors/access.ts'
import { UnsupportedMediaTypeError, PayloadTooLargeError } from '../../domain/errors/request.ts'
import { badInput } from '../../domain/errors/input.ts'

const MAX_BODY_BYTES = 16 * 1024

/** A call: the key, and the actor it stands for (its member's role within its scopes) that use cases check. */
export type RestContext = { req: IncomingMessage; res: ServerResponse; url: URL; key: ApiKeyRow; actor: Actor }
/**
 * A route: method, path pattern, the use case it runs (which checks the actor and audits itself),
 * handler (with the id when the path has one).
 */
export type RestRoute = [
  method: string,
  pattern: RegExp,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  runs: UseCase<any, any, any>,
  handle: (ctx: RestContext, id: string) => Promise<void>,
]

/** The permission a route needs: its use case's. */
export const routePermission = (route: RestRoute): Permission => route[2].rule.permission

/** The API key of a request's `Authorization: Bearer` header. */
export async function authenticate(apiKeys: ApiKeyStore, req: IncomingMessage): Promise<ApiKeyRow> {
  const header = req.headers.authorization ?? ''
  const secret = /^Bearer\s+(\S+)$/i.exec(header)?.[1]
  // Missing, malformed, unknown and revoked keys get the same words: nothing says whether a key exists.
  const key = secret ? await apiKeys.find(secret) : undefined
  if (!key)
    throw new UnauthenticatedError({
      shortMessage:
        'Send a valid API key as "Authorization: Bearer <secret>". Keys are made in Billfold under API keys.',
    })
  return key
}

/** A JSON body of at most `maxBytes` (16 KB unless a route needs more), sent as JSON. */
export async function readJson(
  req: IncomingMessage,
  maxBytes = MAX_BODY_BYTES,
): Promise<{ raw: Buffer; json: unknown }> {
  if (!/^application\/json\s*(;|$)/i.test(req.headers['content-type'] ?? ''))
    throw new UnsupportedMediaTypeError({
      shortMessage: 'Send the body as JSON with "Content-Type: application/json".',
    })
  const raw = await readBody(req, maxBytes)
  if (raw === 'too-large')
    throw new PayloadTooLargeError({ shortMessage: `The body must be at most ${maxBytes / 1024} KB.` })
  try {
    return { raw, json: JSON.parse(raw.toString('utf8')) }
  } catch {
    throw badInput('body', 'is not valid JSON.')
  }
}

/** The key's payee's request with this id; another payee's is "not found": its existence is not theirs to learn. */
export async function findOwnRequest(db: Db, key: ApiKeyRow, id: string): Promise<PaymentRequestRow> {
  const row = isPaymentRequestId(id) ? await findPaymentRequest(db, id) : undefined
  if (!row || row.payee !== key.payee)
    throw new NotFoundError({
      shortMessage: 'There is no payment request with this id among this key’s payee’s requests.',
      field: 'id',
    })
  return row
}
