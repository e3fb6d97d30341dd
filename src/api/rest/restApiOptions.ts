import type { PublicClient } from 'viem'
import type { Db } from '../../db/createDatabase.ts'
import type { Asset } from '../../domain/paymentRequest.ts'
import type { Verdict } from '../../http/rateLimiter.ts'
import type { ApiKeyStore } from '../../merchants/apiKeyStore.ts'
import type { DelegateSignature } from '../../merchants/signing/delegateSignature.ts'
import type { RelayerServices } from '../../relayer/relayerServices.ts'
import type { SecretBox } from '../../secrets/secretBox.ts'
import type { QuoteServices } from '../../payments/quotes/issueQuote.ts'

/** What the REST API and each of its route files are given. */
export type RestApiOptions = {
  db: Db
  apiKeys: ApiKeyStore
  assets: readonly Asset[]
  /** The assets a priced request may accept. */
  quotable?: readonly Asset[]
  clients: ReadonlyMap<number, PublicClient>
  /** The price feeds a till's sale in a shop currency is priced with. */
  quotes: Pick<QuoteServices, 'chainOf' | 'readFeedsOn'>
  signAsDelegate: DelegateSignature
  webhookSecrets: SecretBox
  publicUrl: string
  /** Per key: the same allowance as a GraphQL client. */
  limit: (key: string) => Promise<Verdict>
  /** Payees' relayers: a single request's answer says whether its payer can pay without gas. */
  relayer: RelayerServices
  /** WEBHOOKS_ALLOW_PRIVATE: a shop on this machine may also be returned to over plain http. */
  webhooksAllowPrivate: boolean
  /** Behind a trusted proxy the audit log records the forwarded client address. */
  trustProxy?: boolean
}
