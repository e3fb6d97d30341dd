import type { Db } from '../db/createDatabase.ts'
import type { SessionStore } from './auth/sessionStore.ts'
import type { Session } from './auth/sessions.ts'
import type { SiwePolicy } from './auth/verifySignIn.ts'

export type AuthSettings = { nonceTtlMs: number; sessionTtlMs: number; secureCookies: boolean }

/** What every resolver gets: the database, the request's session, and a way to set cookies. */
export type ApiContext = {
  db: Db
  sessions: SessionStore
  requestId: string
  siwe: SiwePolicy
  auth: AuthSettings
  chains: readonly { id: number; name: string; nativeSymbol: string }[]
  sessionToken: string | undefined
  /** The signed-in session, looked up once per request. */
  session(): Promise<Session | null>
  setCookie(cookie: string): void
}
