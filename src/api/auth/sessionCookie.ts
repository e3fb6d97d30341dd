import { cookieValue } from '../../http/cookieValue.ts'

export const SESSION_COOKIE = 'billfold_session'
const tokenPattern = /^[A-Za-z0-9_-]{43}$/

/** The session token from a Cookie header; anything malformed (tampered, truncated) counts as none. */
export function readSessionToken(cookieHeader: string | null): string | undefined {
  const value = cookieValue(cookieHeader, SESSION_COOKIE)
  return value !== undefined && tokenPattern.test(value) ? value : undefined
}

export function sessionCookie(token: string, { expiresAt, secure }: { expiresAt: Date; secure: boolean }): string {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000))
  return `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}; Expires=${expiresAt.toUTCString()}${secure ? '; Secure' : ''}`
}

export function clearedSessionCookie({ secure }: { secure: boolean }): string {
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT${secure ? '; Secure' : ''}`
}
