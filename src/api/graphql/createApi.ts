import { DEFAULT_QUOTE_MINUTES } from '../../domain/priceQuote.ts'
import { quoteServicesFor } from '../../payments/quotes/quoteServices.ts'
import { costLimitPlugin } from '@escape.tech/graphql-armor-cost-limit'
import { maxAliasesPlugin } from '@escape.tech/graphql-armor-max-aliases'
import { maxDepthPlugin } from '@escape.tech/graphql-armor-max-depth'
import { maxTokensPlugin } from '@escape.tech/graphql-armor-max-tokens'
import {
  NoSchemaIntrospectionCustomRule,
  type DocumentNode,
  type GraphQLError,
  type OperationDefinitionNode,
} from 'graphql'
import DataLoader from 'dataloader'
import { createYoga, type Plugin } from 'graphql-yoga'
import type { Db } from '../../db/createDatabase.ts'
import { listPaymentsOf } from '../../payments/repository/paymentRequests.ts'
import { readSessionToken } from '../auth/sessionCookie.ts'
import type { SessionStore } from '../../merchants/sessions/sessionStore.ts'
import type { Session } from '../../merchants/sessions/sessions.ts'
import type { SiwePolicy } from '../auth/verifySignIn.ts'
import type { ApiContext, AuthSettings } from './context.ts'
import { codeOf, maskError } from './graphqlErrors.ts'
import { schema } from './schema/index.ts'
import { readConsistencyPlugin, type ReadConsistency, type ReadRouting } from './readConsistency.ts'
import { lineLogger, type Logger } from '../../domain/logger.ts'
import { UnauthenticatedError } from '../../domain/errors/access.ts'
import { actorOfSession } from '../../merchants/business/actor.ts'

export const QUERY_LIMITS = { maxDepth: 8, maxAliases: 15, maxTokens: 1000, maxCost: 5000 } as const

/** What the HTTP layer hands each request; resolvers add cookies, the response carries them. */
export type RequestContext = { requestId: string; clientIp: string; cookies: string[]; consistency: ReadConsistency }

export type CreateApiParameters = {
  db: Db
  /** Replicas for queries, with read-your-writes; without it every read is the primary's. */
  readRouting?: ReadRouting
  sessions: SessionStore
  siwe: SiwePolicy
  auth: AuthSettings
  network: ApiContext['network']
  pubsub: ApiContext['pubsub']
  production: boolean
  limitNonces?: ApiContext['limitNonces']
  /** Told of each query, mutation or subscription start, with how it ended and how long it took. */
  observeOperation?: (type: string, ok: boolean, seconds: number) => void
  /** Schema introspection; off in production unless asked for (the schema is in the repository). */
  introspection?: boolean
  logger?: Logger
  merchants: ApiContext['merchants']
  /** How long a price quote holds (QUOTE_MINUTES). */
  quoteMinutes?: number
}

const tagged = (code: string) => ({
  propagateOnRejection: true,
  exposeLimits: true,
  onReject: [(_: unknown, error: GraphQLError) => Object.assign(error.extensions, { code })],
})

export function createApi({
  db,
  readRouting = { reads: () => db, writeMark: async () => undefined },
  sessions,
  siwe,
  auth,
  network,
  merchants,
  pubsub,
  production,
  limitNonces = async () => ({ allowed: true }),
  observeOperation,
  introspection = !production,
  logger = lineLogger(console.error),
  quoteMinutes = DEFAULT_QUOTE_MINUTES,
}: CreateApiParameters) {
  const quotes = quoteServicesFor(network, merchants.secrets.signAsDelegate, quoteMinutes)
  // Every error leaves with an extensions.code, whichever stage raised it, and without the
  // parser's or runtime's own error object (Yoga attaches it to a bad request's error).
  const stableCodes: Plugin = {
    onResultProcess({ result }) {
      const results = Array.isArray(result) ? result : [result]
      for (const single of results) {
        for (const error of (single as { errors?: GraphQLError[] }).errors ?? []) {
          if (!error.extensions) continue
          if (typeof error.extensions.code !== 'string') Object.assign(error.extensions, { code: codeOf(error) })
          if ('originalError' in error.extensions) {
            delete (error.extensions as Record<string, unknown>).originalError
            // What Yoga derived the status from is gone: a malformed request stays a 400.
            if (error.extensions.code === 'BAD_REQUEST') Object.assign(error.extensions, { http: { status: 400 } })
          }
        }
      }
    },
  }

  const timing: Plugin = {
    onExecute: ({ args }) => {
      const started = performance.now()
      const operation = (args.document as DocumentNode).definitions.find(
        (d): d is OperationDefinitionNode => d.kind === 'OperationDefinition',
      )
      const type = operation?.operation ?? 'unknown'
      return {
        onExecuteDone: ({ result }) => {
          const ok = Symbol.asyncIterator in result || !(result as { errors?: unknown[] }).errors?.length
          observeOperation?.(type, ok, (performance.now() - started) / 1000)
        },
      }
    },
  }

  const noIntrospection: Plugin = {
    onValidate: ({ addValidationRule }) => addValidationRule(NoSchemaIntrospectionCustomRule),
  }

  const setCookies: Plugin<ApiContext, RequestContext> = {
    onResponse({ response, serverContext }) {
      for (const cookie of serverContext?.cookies ?? []) response.headers.append('set-cookie', cookie)
    },
  }

  return createYoga<RequestContext, ApiContext>({
    schema,
    graphqlEndpoint: '/graphql',
    landingPage: false,
    graphiql: !production,
    // Same-origin app: no cross-origin callers to allow, and request logs belong to the proxy.
    cors: false,
    logging: false,
    // Masking happens in maskResolverErrors, where the request id is at hand.
    maskedErrors: false,
    plugins: [
      maskResolverErrors({ production, logger }),
      maxTokensPlugin({ n: QUERY_LIMITS.maxTokens, ...tagged('QUERY_TOO_LONG') }),
      maxDepthPlugin({
        n: QUERY_LIMITS.maxDepth,
        ignoreIntrospection: true,
        flattenFragments: true,
        ...tagged('QUERY_TOO_DEEP'),
      }),
      maxAliasesPlugin({ n: QUERY_LIMITS.maxAliases, allowList: [], ...tagged('TOO_MANY_ALIASES') }),
      costLimitPlugin({ maxCost: QUERY_LIMITS.maxCost, ignoreIntrospection: true, ...tagged('QUERY_TOO_COSTLY') }),
      stableCodes,
      setCookies,
      readConsistencyPlugin(readRouting, auth.secureCookies),
      ...(observeOperation ? [timing] : []),
      ...(introspection ? [] : [noIntrospection]),
    ],
    context: ({ request, requestId, clientIp, cookies, consistency }): ApiContext => {
      const sessionToken = readSessionToken(request.headers.get('cookie'))
      let lookup: Promise<Session | null> | undefined
      const session = () => (lookup ??= sessionToken ? sessions.find(sessionToken) : Promise.resolve(null))
      const heads = new Map<number, Promise<bigint>>()
      // Batched, not cached: a subscription keeps its context, and each event must see new payments.
      const payments = new DataLoader(
        async (ids: readonly string[]) => {
          const rows = await listPaymentsOf(context.reads, ids)
          return ids.map((id) => rows.filter((p) => p.requestId === id))
        },
        { cache: false },
      )
      const context: ApiContext = {
        paymentsOf: (requestId) => payments.load(requestId),
        network,
        merchants,
        quotes,
        pubsub,
        headOf: (chainId) => {
          if (!heads.has(chainId)) heads.set(chainId, network.clients.get(chainId)!.getBlockNumber({ cacheTime: 0 }))
          return heads.get(chainId)!
        },
        db,
        sessions,
        requestId,
        clientIp,
        limitNonces,
        siwe,
        auth,
        sessionToken,
        session,
        signedIn: async () => {
          const found = await session()
          if (!found) throw new UnauthenticatedError({ shortMessage: 'Sign in with your wallet to see this.' })
          return found
        },
        actor: async () => actorOfSession(await context.signedIn(), clientIp),
        setCookie: (cookie) => cookies.push(cookie),
        // The primary until the request turns out to be a query (readConsistencyPlugin).
        reads: db,
        consistency,
      }
      return context
    },
  })
}

type Result = { errors?: readonly GraphQLError[] }

/** Replaces resolver errors with what a client may see, for queries, mutations and each subscription event. */
function maskResolverErrors(options: { production: boolean; logger: Logger }): Plugin<ApiContext> {
  const mask = (result: Result, requestId: string): Result | undefined =>
    result.errors?.length
      ? { ...result, errors: result.errors.map((error) => maskError(error, requestId, options)) }
      : undefined
  return {
    onExecute: () => ({
      onExecuteDone: ({ args, result, setResult }) => {
        if (Symbol.asyncIterator in result) return
        const masked = mask(result as Result, args.contextValue.requestId)
        if (masked) setResult(masked as never)
      },
    }),
    onSubscribe: () => ({
      onSubscribeResult: ({ args, result, setResult }) => {
        // A subscription refused at its start (no session, say) is one result, not a stream.
        if (!(Symbol.asyncIterator in result)) {
          const masked = mask(result as Result, args.contextValue.requestId)
          if (masked) setResult(masked as never)
          return
        }
        return {
          onNext: ({ result: next, setResult: setNext }) => {
            const masked = mask(next as Result, args.contextValue.requestId)
            if (masked) setNext(masked as never)
          },
        }
      },
      onSubscribeError: ({ error, setError }) => setError(maskError(error, 'subscription', options)),
    }),
  }
}
