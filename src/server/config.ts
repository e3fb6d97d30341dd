import { DEFAULT_QUOTE_MINUTES } from '../domain/priceQuote.ts'
import { chainProfiles, DEV_CHAIN_IDS } from '../chain/chains.ts'
import { hostsOf } from '../db/postgresUrl.ts'
import { ConfigError } from './configError.ts'
import { emailFrom, smtpUrl } from './emailConfig.ts'

export type ServerConfig = {
  host: string
  port: number
  /** The local dev chain: on by default in development; in production only with DEV_CHAIN=true. */
  devChain: boolean
  /** The dev chain's JSON-RPC URL; unset means `npm start` runs Anvil itself. */
  devRpcUrl: string | undefined
  /** Where CCTP attestations are read (CCTP_IRIS_URL); unset, Circle's Iris for the chain's kind of network. */
  cctpIrisUrl: string | undefined
  anvilPort: number
  /** DEV_CHAINS: how many dev chains `npm start` runs (1 to 3, default 3), on ANVIL_PORT and the ports after it. */
  devChains: number
  walletConnectProjectId: string | undefined
  walletConnectRelayUrl: string | undefined
  /**
   * RPC_URL_<chainId> for the public chains to accept payments on: one URL, or several separated by
   * commas (failover in that order); one of them may be a ws:// or wss:// URL, for new heads.
   */
  chainRpcUrls: Record<number, string[]>
  /** PostgreSQL, one host or several (failover); unset means PGlite in `dataDir`. */
  databaseUrl: string | undefined
  /** DATABASE_REPLICA_URL: streaming replicas, separated by commas, for reads that may be a moment behind. */
  replicaUrls: string[]
  dataDir: string
  publicUrl: string | undefined
  rateLimitPerMinute: number
  rpcRateLimitPerMinute: number
  trustProxy: boolean
  /** GRAPHQL_INTROSPECTION; unset means on in development, off in production. */
  introspection: boolean | undefined
  /** METRICS_TOKEN: the bearer token /metrics asks for; unset turns metrics off. */
  metricsToken: string | undefined
  /** LOG_FORMAT: json (one JSON object per line, the default in production) or pretty. */
  logFormat: 'json' | 'pretty'
  /** SECRET_KEY: seals API keys' delegate keys and webhook secrets. Required in production; development keeps one in DATA_DIR. */
  secretKey: string | undefined
  /**
   * WEBHOOKS_ALLOW_PRIVATE: deliver webhooks to loopback and private addresses (a receiver on the same
   * machine or network). Unset means on in development, so the quick start can try them, off in production.
   */
  webhooksAllowPrivate: boolean
  /** RETENTION_DAYS: how long ended webhook deliveries, their attempts and events are kept; 0 keeps them forever. */
  retentionDays: number
  /** QUOTE_MINUTES: how long a price quote holds (1 to 60; default 15). */
  quoteMinutes: number
  /** SMTP_URL: the operator's SMTP server (smtp:// or smtps://, credentials in it); unset turns e-mail off. */
  smtpUrl: string | undefined
  /** EMAIL_FROM: the sender's address; by default billfold@ the public host. */
  emailFrom: string | undefined
  production: boolean
}

/** Reads the configuration from the environment, naming the variable when one is wrong. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const production = env.NODE_ENV === 'production'
  const devChain = env.DEV_CHAIN?.trim() ? flag(env, 'DEV_CHAIN') : !production
  const chains = chainRpcUrls(env)
  if (!devChain && Object.keys(chains).length === 0)
    throw new ConfigError(
      'RPC_URL_<chainId>',
      'must be set for at least one chain (e.g. RPC_URL_8453 for Base); the dev chain is off in production unless DEV_CHAIN=true.',
    )
  return {
    devChain,
    host: env.HOST?.trim() || '127.0.0.1',
    port: port(env, 'PORT', 3000),
    devRpcUrl: url(env, 'RPC_URL', ['http:', 'https:']),
    cctpIrisUrl: url(env, 'CCTP_IRIS_URL', ['http:', 'https:']),
    anvilPort: port(env, 'ANVIL_PORT', 8545),
    devChains: devChains(env),
    walletConnectProjectId: projectId(env.WALLETCONNECT_PROJECT_ID),
    walletConnectRelayUrl: url(env, 'WALLETCONNECT_RELAY_URL', ['ws:', 'wss:']),
    chainRpcUrls: chains,
    databaseUrl: postgresUrl(env, 'DATABASE_URL'),
    replicaUrls: replicaUrls(env),
    dataDir: env.DATA_DIR?.trim() || '.data',
    publicUrl: url(env, 'PUBLIC_URL', ['http:', 'https:']),
    rateLimitPerMinute: count(env, 'RATE_LIMIT_PER_MINUTE', 600),
    rpcRateLimitPerMinute: count(env, 'RPC_RATE_LIMIT_PER_MINUTE', 600),
    trustProxy: flag(env, 'TRUST_PROXY'),
    introspection: env.GRAPHQL_INTROSPECTION?.trim() ? flag(env, 'GRAPHQL_INTROSPECTION') : undefined,
    metricsToken: metricsToken(env.METRICS_TOKEN),
    logFormat: logFormat(env.LOG_FORMAT, production),
    secretKey: secretKey(env.SECRET_KEY, production),
    webhooksAllowPrivate: env.WEBHOOKS_ALLOW_PRIVATE?.trim() ? flag(env, 'WEBHOOKS_ALLOW_PRIVATE') : !production,
    retentionDays: count(env, 'RETENTION_DAYS', 30),
    quoteMinutes: quoteMinutes(env),
    smtpUrl: smtpUrl(env.SMTP_URL),
    emailFrom: emailFrom(env.EMAIL_FROM),
    production,
  }
}

function devChains(env: NodeJS.ProcessEnv): number {
  const raw = env.DEV_CHAINS?.trim()
  if (!raw) return DEV_CHAIN_IDS.length
  if (!/^[1-3]$/.test(raw))
    throw new ConfigError('DEV_CHAINS', `must be 1, 2 or 3: how many dev chains npm start runs, got "${raw}".`)
  return Number(raw)
}

function quoteMinutes(env: NodeJS.ProcessEnv): number {
  const minutes = count(env, 'QUOTE_MINUTES', DEFAULT_QUOTE_MINUTES)
  if (minutes < 1 || minutes > 60)
    throw new ConfigError('QUOTE_MINUTES', 'must be from 1 to 60: how long a payer has to pay at a quoted rate.')
  return minutes
}

function secretKey(raw: string | undefined, production: boolean): string | undefined {
  const value = raw?.trim()
  if (!value) {
    if (production)
      throw new ConfigError(
        'SECRET_KEY',
        'must be set in production: it seals the keys API keys sign with and the webhook secrets (e.g. openssl rand -base64 32).',
      )
    return undefined
  }
  if (value.length < 32)
    throw new ConfigError('SECRET_KEY', 'must be at least 32 characters (e.g. openssl rand -base64 32).')
  return value
}

function port(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]?.trim()
  if (!raw) return fallback
  const value = Number(raw)
  if (!/^\d+$/.test(raw) || value < 0 || value > 65535)
    throw new ConfigError(name, `must be a port number from 0 to 65535, got "${raw}".`)
  return value
}

function chainRpcUrls(env: NodeJS.ProcessEnv): Record<number, string[]> {
  const urls: Record<number, string[]> = {}
  for (const name of Object.keys(env)) {
    const match = /^RPC_URL_(\d+)$/.exec(name)
    if (!match) continue
    const chainId = Number(match[1])
    if (!chainProfiles.some((p) => p.chain.id === chainId))
      throw new ConfigError(
        name,
        `names chain ${chainId}, which Billfold does not know (known: ${chainProfiles.map((p) => p.chain.id).join(', ')}).`,
      )
    const list = (env[name] ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)
    const checked = list.map((part) => url({ [name]: part }, name, ['http:', 'https:', 'ws:', 'wss:'])!)
    const sockets = checked.filter((part) => /^wss?:/.test(part))
    if (sockets.length > 1)
      throw new ConfigError(name, 'takes one WebSocket URL (ws:// or wss://), for new heads; the others are HTTP.')
    if (checked.length && sockets.length === checked.length)
      throw new ConfigError(name, 'needs an HTTP URL (http:// or https://) for calls beside its WebSocket URL.')
    if (checked.length) urls[chainId] = checked
  }
  return urls
}

function count(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]?.trim()
  if (!raw) return fallback
  if (!/^\d+$/.test(raw)) throw new ConfigError(name, `must be a whole number (0 turns it off), got "${raw}".`)
  return Number(raw)
}

function flag(env: NodeJS.ProcessEnv, name: string): boolean {
  const raw = env[name]?.trim().toLowerCase()
  if (!raw || raw === '0' || raw === 'false') return false
  if (raw === '1' || raw === 'true') return true
  throw new ConfigError(name, `must be true or false, got "${env[name]}".`)
}

function url(env: NodeJS.ProcessEnv, name: string, protocols: readonly string[]): string | undefined {
  const raw = env[name]?.trim()
  if (!raw) return undefined
  let protocol: string | undefined
  try {
    protocol = new URL(raw).protocol
  } catch {
    protocol = undefined
  }
  if (!protocol || !protocols.includes(protocol))
    throw new ConfigError(name, `must be a ${protocols.map((p) => p.slice(0, -1)).join(' or ')} URL, got "${raw}".`)
  return raw
}

/**
 * A PostgreSQL URL; its host part may list several `host:port` separated by commas, as libpq and
 * postgres.js take them (`postgres://u@db1:5432,db2:5432/billfold?target_session_attrs=read-write`).
 */
function postgresUrl(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name]?.trim()
  if (!raw) return undefined
  const refuse = (why = '') =>
    new ConfigError(name, `must be a postgres or postgresql URL, got "${raw}"${why ? ` (${why})` : ''}.`)
  if (!/^postgres(ql)?:\/\//i.test(raw)) throw refuse()
  const hosts = hostsOf(raw)
  for (const host of hosts.split(','))
    if (!host || !URL.canParse(`postgres://${host}`)) throw refuse(`host "${host}" is not one`)
  // Parsed with the first host in place of the list, as URL takes one.
  if (!URL.canParse(raw.replace(hosts, hosts.split(',')[0]!))) throw refuse()
  return raw
}

function replicaUrls(env: NodeJS.ProcessEnv): string[] {
  const list = (env.DATABASE_REPLICA_URL ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
  if (list.length && !env.DATABASE_URL?.trim())
    throw new ConfigError(
      'DATABASE_REPLICA_URL',
      'needs DATABASE_URL: replicas are of a PostgreSQL primary, not of PGlite.',
    )
  return list.map((part) => postgresUrl({ DATABASE_REPLICA_URL: part }, 'DATABASE_REPLICA_URL')!)
}

function metricsToken(raw: string | undefined): string | undefined {
  const value = raw?.trim()
  if (!value) return undefined
  if (value.length < 16)
    throw new ConfigError('METRICS_TOKEN', 'must be at least 16 characters (e.g. openssl rand -hex 16).')
  return value
}

function logFormat(raw: string | undefined, production: boolean): 'json' | 'pretty' {
  const value = raw?.trim().toLowerCase()
  if (!value) return production ? 'json' : 'pretty'
  if (value !== 'json' && value !== 'pretty')
    throw new ConfigError('LOG_FORMAT', `must be json or pretty, got "${raw}".`)
  return value
}

function projectId(raw: string | undefined): string | undefined {
  const value = raw?.trim()
  if (!value) return undefined
  if (!/^[0-9a-f]{32}$/i.test(value))
    throw new ConfigError(
      'WALLETCONNECT_PROJECT_ID',
      'must be the 32-character hex project id from WalletConnect Cloud.',
    )
  return value
}
