import type { IncomingMessage, ServerResponse } from 'node:http'
import { ApiError } from '../../domain/errors/apiError.ts'
import type { ApiErrorCode } from '../../domain/errors/apiErrorCodes.ts'
import { clientIp } from '../../http/clientIp.ts'
import { sendJsonError } from '../../http/httpErrors.ts'
import { actorOfSession } from '../../merchants/business/actor.ts'
import type { Actor } from '../../merchants/business/authorize.ts'
import type { SessionStore } from '../../merchants/sessions/sessionStore.ts'
import { readSessionToken } from '../auth/sessionCookie.ts'
import { REST_STATUS } from '../rest/restErrors.ts'

export type ExportSessions = { sessions: SessionStore; trustProxy?: boolean | undefined }

/**
 * The signed-in wallet of an export link as the actor its use case checks; null once a GET-only or
 * a sign-in answer is sent. What the actor may export is the use case's to decide.
 */
export async function exportActor(
  req: IncomingMessage,
  res: ServerResponse,
  { sessions, trustProxy = false }: ExportSessions,
  signInMessage: string,
): Promise<Actor | null> {
  if (req.method !== 'GET') {
    sendJsonError(res, 405, { code: 'METHOD_NOT_ALLOWED', message: 'Use GET to download an export.' })
    return null
  }
  const token = readSessionToken(req.headers.cookie ?? null)
  const session = token ? await sessions.find(token) : null
  if (session) return actorOfSession(session, clientIp(req, trustProxy))
  sendJsonError(res, 401, { code: 'UNAUTHENTICATED', message: signInMessage })
  return null
}

/** An export's refusal (a role without the permission, a bad filter) in the API's status and shape. */
export function answerExportError(res: ServerResponse, error: unknown): void {
  if (!(error instanceof ApiError)) throw error
  sendJsonError(res, REST_STATUS[error.code as ApiErrorCode], {
    code: error.code,
    message: error.shortMessage,
    field: error.field,
  })
}
