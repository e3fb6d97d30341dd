import { NONCE_TTL_MS } from '../merchants/sessions/nonces.ts'
import { createSessionStore } from '../merchants/sessions/sessionStore.ts'
import { createCsvExport } from '../api/exports/csvExport.ts'
import { createCreditNotePdfRoute } from '../api/exports/creditNotePdfRoute.ts'
import { createCreditNoteXmlRoute } from '../api/exports/creditNoteXmlRoute.ts'
import { createAccountingExport } from '../api/exports/accounting/accountingExport.ts'
import { createExportRoutes } from '../api/exports/exportRoutes.ts'
import { createInvoicePdfRoute } from '../api/exports/invoicePdfRoute.ts'
import { createInvoiceXmlRoute } from '../api/exports/invoiceXmlRoute.ts'
import { requestEInvoice } from '../payments/invoices/einvoice/requestEInvoice.ts'
import { creditNoteXmlOf } from '../payments/creditNotes/creditNoteXmlOf.ts'
import { createEmailLinkRoutes } from '../api/email/emailLinkRoutes.ts'
import type { AuthSettings } from '../api/graphql/context.ts'
import { createApi } from '../api/graphql/createApi.ts'
import { createGraphqlHandler } from '../api/graphql/graphqlHandler.ts'
import { createRestApi } from '../api/rest/restApi.ts'
import { createX402Api } from '../api/x402/x402Api.ts'
import { quotableAssets } from '../payments/quotes/quotePrice.ts'
import { quoteServicesFor } from '../payments/quotes/quoteServices.ts'
import { DEFAULT_QUOTE_MINUTES } from '../domain/priceQuote.ts'
import { isLoopbackHost } from '../domain/loopbackHost.ts'
import type { RateLimiters } from '../http/sharedRateLimiter.ts'
import type { createMetrics } from './ops/metrics.ts'
import type { Services } from './services.ts'

const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000

export type TransportOptions = {
  production: boolean
  rateLimitPerMinute?: number | undefined
  noncesPerMinute?: number | undefined
  introspection?: boolean | undefined
  trustProxy: boolean
  cctpIrisUrl?: string | undefined
  auth?: Partial<AuthSettings> | undefined
  quoteMinutes?: number | undefined
}

/** The ways in: GraphQL (with SIWE sessions), the merchants' REST API, the CSV and accounting exports. */
export async function createTransports(
  options: TransportOptions,
  services: Services,
  parts: { metrics: ReturnType<typeof createMetrics>; limiters: RateLimiters },
) {
  const { database, chains, publicUrl, logger, secrets, apiKeys, relayer, live } = services
  const { clients, assets } = chains
  const sessions = await createSessionStore(database)
  const chainOf = (id: number) => chains.chains.find((c) => c.chain.id === id)?.chain
  const eInvoiceChains = {
    chainName: (id: number) => chainOf(id)?.name ?? `Chain ${id}`,
    explorerUrl: (id: number) => chainOf(id)?.blockExplorers?.default.url ?? null,
    assets,
  }
  const nonceLimiter = parts.limiters('nonces', options.noncesPerMinute ?? 20)
  const restLimiter = parts.limiters('rest', options.rateLimitPerMinute ?? 600)
  const api = createApi({
    db: database.db,
    readRouting: { reads: database.reads, writeMark: database.writeMark },
    sessions,
    network: { chains: chains.chains, clients, assets, irisUrl: options.cctpIrisUrl },
    merchants: { secrets, apiKeys, relayer, email: { enabled: services.mail.enabled } },
    pubsub: live.pubsub,
    siwe: { domain: publicUrl.host, origin: publicUrl.origin, clients },
    auth: {
      nonceTtlMs: NONCE_TTL_MS,
      sessionTtlMs: SESSION_TTL_MS,
      secureCookies: publicUrl.protocol === 'https:' || !isLoopbackHost(publicUrl.hostname),
      ...options.auth,
    },
    production: options.production,
    limitNonces: (ip) => nonceLimiter.take(ip),
    observeOperation: (type, ok, seconds) => parts.metrics.observeGraphql(type, ok, seconds),
    introspection: options.introspection,
    logger,
    ...(options.quoteMinutes ? { quoteMinutes: options.quoteMinutes } : {}),
  })
  return {
    graphql: createGraphqlHandler(api, {
      rateLimitPerMinute: options.rateLimitPerMinute ?? 600,
      trustProxy: options.trustProxy,
      appOrigin: publicUrl.origin,
      limiters: parts.limiters,
    }),
    rest: createRestApi({
      db: database.db,
      trustProxy: options.trustProxy,
      apiKeys,
      assets,
      quotable: quotableAssets(chains.chains, assets),
      clients,
      quotes: quoteServicesFor(
        { chains: chains.chains, clients, assets },
        secrets.signAsDelegate,
        options.quoteMinutes ?? DEFAULT_QUOTE_MINUTES,
      ),
      signAsDelegate: secrets.signAsDelegate,
      webhookSecrets: secrets.webhookSecrets,
      publicUrl: publicUrl.origin,
      limit: (key) => restLimiter.take(key),
      webhooksAllowPrivate: secrets.webhooksAllowPrivate,
      relayer,
    }),
    x402: createX402Api({
      db: database.db,
      relayer,
      publicUrl: publicUrl.origin,
      apiKeys,
      assets,
      clients,
      signAsDelegate: secrets.signAsDelegate,
    }),
    invoicePdf: createInvoicePdfRoute({
      db: database.db,
      publicUrl: publicUrl.origin,
      chainName: eInvoiceChains.chainName,
      limiter: parts.limiters('pdf', options.rateLimitPerMinute ?? 600),
      trustProxy: options.trustProxy,
      // An invoice with an EN 16931 XML is served as a Factur-X PDF/A-3 that carries it.
      eInvoiceXml: async (id) => {
        const made = await requestEInvoice(database.db, id, 'cii', {
          publicUrl: publicUrl.origin,
          chains: eInvoiceChains,
        })
        return made && 'xml' in made ? made.xml : undefined
      },
    }),
    invoiceXml: createInvoiceXmlRoute({
      db: database.db,
      publicUrl: publicUrl.origin,
      chains: eInvoiceChains,
      limiter: parts.limiters('xml', options.rateLimitPerMinute ?? 600),
      trustProxy: options.trustProxy,
    }),
    creditNotePdf: createCreditNotePdfRoute({
      db: database.db,
      chainName: eInvoiceChains.chainName,
      // A credit note whose invoice has an e-invoice is served as a Factur-X PDF/A-3 too.
      eInvoiceXml: async (id) => {
        const made = await creditNoteXmlOf(database.db, id, 'cii', { chains: eInvoiceChains })
        return made && 'xml' in made ? made.xml : undefined
      },
      limiter: parts.limiters('pdf', options.rateLimitPerMinute ?? 600),
      trustProxy: options.trustProxy,
    }),
    creditNoteXml: createCreditNoteXmlRoute({
      db: database.db,
      chains: eInvoiceChains,
      limiter: parts.limiters('xml', options.rateLimitPerMinute ?? 600),
      trustProxy: options.trustProxy,
    }),
    emailLinks: createEmailLinkRoutes({ db: database.db, tokens: services.mail.tokens }),
    exports: createExportRoutes({
      csv: createCsvExport({
        db: database.db,
        reads: database.reads,
        sessions,
        trustProxy: options.trustProxy,
        assets,
        publicUrl: publicUrl.origin,
      }),
      accounting: createAccountingExport({
        db: database.db,
        reads: database.reads,
        sessions,
        trustProxy: options.trustProxy,
        network: {
          chainOf: (id) => chains.chains.find((c) => c.chain.id === id)?.chain,
          clientOf: (id) => clients.get(id),
          assets,
        },
      }),
    }),
  }
}
