import type { QuoteServices } from '../../payments/quotes/issueQuote.ts'
import type { PubSub } from 'graphql-yoga'
import type { Verdict } from '../../http/rateLimiter.ts'
import type { PublicClient } from 'viem'
import type { ActiveChain } from '../../chain/chains.ts'
import type { Db } from '../../db/createDatabase.ts'
import type { ReadConsistency } from './readConsistency.ts'
import type { Asset } from '../../domain/paymentRequest.ts'
import type { SessionStore } from '../../merchants/sessions/sessionStore.ts'
import type { Session } from '../../merchants/sessions/sessions.ts'
import type { Actor } from '../../merchants/business/authorize.ts'
import type { SiwePolicy } from '../auth/verifySignIn.ts'
import type { SecretBox } from '../../secrets/secretBox.ts'
import type { ApiKeyStore } from '../../merchants/apiKeyStore.ts'
import type { RelayerServices } from '../../relayer/relayerServices.ts'
import type { DelegateSignature } from '../../merchants/signing/delegateSignature.ts'
import type { PaymentRow } from '../../payments/repository/paymentRequests.ts'

export type AuthSettings = { nonceTtlMs: number; sessionTtlMs: number; secureCookies: boolean }

/** A per-client allowance: whether one more is allowed now, or in how many seconds. */
export type ClientLimit = (clientIp: string) => Promise<Verdict>

/** In-process events: a request changed (by id), and a payee's request changed (by lower-case payee address). */
export type ApiEvents = {
  paymentRequestUpdated: [id: string, payload: string]
  payeeRequestUpdated: [payee: string, id: string]
}

/** What every resolver gets: the database, the request's session, and a way to set cookies. */
export type ApiContext = {
  /** The primary: writes, and reads that must be current (subscriptions, checks before a write). */
  db: Db
  /** For a query's reads that may be a moment behind: a replica that has this client's own writes, else the primary. */
  reads: Db
  consistency: ReadConsistency
  sessions: SessionStore
  requestId: string
  /** The caller's address as the HTTP layer determined it (behind a trusted proxy, the forwarded one). */
  clientIp: string
  /** Nonces a client may ask for: each one is a row until it expires. */
  limitNonces: ClientLimit
  siwe: SiwePolicy
  auth: AuthSettings
  network: ChainAccess
  pubsub: PubSub<ApiEvents>
  /** A request's payments, oldest first; the requests of one GraphQL request are looked up together. */
  paymentsOf(requestId: string): Promise<PaymentRow[]>
  /** The chain's latest block number, asked once per request. */
  headOf(chainId: number): Promise<bigint>
  sessionToken: string | undefined
  /** The signed-in session, looked up once per request. */
  session(): Promise<Session | null>
  /** The same for a field that needs one: UNAUTHENTICATED without it. */
  signedIn(): Promise<Session>
  /** The signed-in wallet as the actor a use case checks: its business, role and permissions. */
  actor(): Promise<Actor>
  setCookie(cookie: string): void
  merchants: MerchantAccess
  /** Price quotes of priced requests: the feeds read, the quotes signed. */
  quotes: QuoteServices
}

/** The chains offered, a client for each, and their assets. */
export type ChainAccess = {
  chains: readonly ActiveChain[]
  clients: ReadonlyMap<number, PublicClient>
  assets: readonly Asset[]
}

export type MerchantAccess = {
  /** Sealing for the secrets Billfold keeps to use again: API keys' delegate keys, webhook signing secrets. */
  secrets: MerchantSecrets
  /** API keys, cached; revoking goes through here so every server stops accepting the key at once. */
  apiKeys: ApiKeyStore
  /** Payees' relayers: their keys, chains and the relays they send. */
  relayer: RelayerServices
  /** Whether this Billfold sends e-mail (SMTP_URL set). */
  email: { enabled: boolean }
}

export type MerchantSecrets = {
  delegateKeys: SecretBox
  webhookSecrets: SecretBox
  webhooksAllowPrivate: boolean
  signAsDelegate: DelegateSignature
}
