import { describe, expect, it } from 'vitest'
import { readConfig } from './config.ts'

const SECRET_KEY = 'a-test-secret-key-of-32-characters!!'

describe('readConfig', () => {
  it('has embedded defaults', () => {
    expect(readConfig({})).toEqual({
      host: '127.0.0.1',
      port: 3000,
      devChain: true,
      devRpcUrl: undefined,
      cctpIrisUrl: undefined,
      anvilPort: 8545,
      devChains: 3,
      walletConnectProjectId: undefined,
      walletConnectRelayUrl: undefined,
      chainRpcUrls: {},
      databaseUrl: undefined,
      replicaUrls: [],
      dataDir: '.data',
      publicUrl: undefined,
      rateLimitPerMinute: 600,
      retentionDays: 30,
      quoteMinutes: 15,
      rpcRateLimitPerMinute: 600,
      trustProxy: false,
      introspection: undefined,
      metricsToken: undefined,
      logFormat: 'pretty',
      secretKey: undefined,
      webhooksAllowPrivate: true,
      production: false,
    })
  })

  it('reads an RPC URL per public chain', () => {
    expect(readConfig({ RPC_URL_8453: 'https://base.example/rpc' }).chainRpcUrls).toEqual({
      8453: ['https://base.example/rpc'],
    })
    // Several URLs, in the order they are tried.
    expect(readConfig({ RPC_URL_8453: 'https://a.example/rpc, https://b.example/rpc' }).chainRpcUrls).toEqual({
      8453: ['https://a.example/rpc', 'https://b.example/rpc'],
    })
    // A WebSocket URL beside them, for new heads.
    expect(readConfig({ RPC_URL_8453: 'https://a.example/rpc, wss://a.example/ws' }).chainRpcUrls).toEqual({
      8453: ['https://a.example/rpc', 'wss://a.example/ws'],
    })
  })

  it('runs three dev chains by default, fewer with DEV_CHAINS', () => {
    expect(readConfig({}).devChains).toBe(3)
    expect(readConfig({ DEV_CHAINS: '1' }).devChains).toBe(1)
  })

  it('takes a PostgreSQL primary on several hosts (failover) and replicas for reads', () => {
    const config = readConfig({
      DATABASE_URL: 'postgres://billfold:s3cret@db1:5432,db2:5433/billfold?target_session_attrs=read-write',
      DATABASE_REPLICA_URL: 'postgres://billfold@replica1/billfold, postgresql://billfold@replica2:6432/billfold',
    })
    expect(config.databaseUrl).toBe(
      'postgres://billfold:s3cret@db1:5432,db2:5433/billfold?target_session_attrs=read-write',
    )
    expect(config.replicaUrls).toEqual([
      'postgres://billfold@replica1/billfold',
      'postgresql://billfold@replica2:6432/billfold',
    ])
  })

  it('needs SECRET_KEY in production, of 32 characters or more; development keeps its own', () => {
    expect(() => readConfig({ NODE_ENV: 'production', DEV_CHAIN: 'true' })).toThrow(
      expect.objectContaining({ shortMessage: expect.stringMatching(/^SECRET_KEY must be set in production/) }),
    )
    expect(() => readConfig({ SECRET_KEY: 'short' })).toThrow(
      expect.objectContaining({
        shortMessage: 'SECRET_KEY must be at least 32 characters (e.g. openssl rand -base64 32).',
      }),
    )
    expect(readConfig({}).secretKey).toBeUndefined()
    expect(readConfig({ NODE_ENV: 'production', SECRET_KEY, DEV_CHAIN: 'true' }).secretKey).toBe(SECRET_KEY)
  })

  it('delivers webhooks to this machine in development, and in production only when WEBHOOKS_ALLOW_PRIVATE=true', () => {
    const production = { NODE_ENV: 'production', SECRET_KEY, RPC_URL_8453: 'https://base.example/rpc' }
    expect(readConfig({}).webhooksAllowPrivate).toBe(true)
    expect(readConfig({ WEBHOOKS_ALLOW_PRIVATE: 'false' }).webhooksAllowPrivate).toBe(false)
    expect(readConfig(production).webhooksAllowPrivate).toBe(false)
    expect(readConfig({ ...production, WEBHOOKS_ALLOW_PRIVATE: 'true' }).webhooksAllowPrivate).toBe(true)
  })

  it('offers the dev chain in production only when asked, and then needs a public chain', () => {
    expect(readConfig({ NODE_ENV: 'production', SECRET_KEY, RPC_URL_8453: 'https://base.example/rpc' }).devChain).toBe(
      false,
    )
    expect(readConfig({ NODE_ENV: 'production', SECRET_KEY, DEV_CHAIN: 'true' }).devChain).toBe(true)
    expect(readConfig({ DEV_CHAIN: 'false', RPC_URL_1: 'https://eth.example/rpc' }).devChain).toBe(false)
    expect(() => readConfig({ NODE_ENV: 'production', SECRET_KEY })).toThrow(
      expect.objectContaining({
        shortMessage: expect.stringContaining('RPC_URL_<chainId> must be set for at least one chain'),
      }),
    )
  })

  it.each([
    [{ PORT: 'eighty' }, 'PORT must be a port number from 0 to 65535, got "eighty".'],
    [{ PORT: '70000' }, 'PORT must be a port number from 0 to 65535, got "70000".'],
    [{ ANVIL_PORT: '-1' }, 'ANVIL_PORT must be a port number from 0 to 65535, got "-1".'],
    [{ RPC_URL: 'localhost:8545' }, 'RPC_URL must be a http or https URL, got "localhost:8545".'],
    [
      { WALLETCONNECT_PROJECT_ID: 'abc' },
      'WALLETCONNECT_PROJECT_ID must be the 32-character hex project id from WalletConnect Cloud.',
    ],
    [
      { WALLETCONNECT_RELAY_URL: 'https://relay.example' },
      'WALLETCONNECT_RELAY_URL must be a ws or wss URL, got "https://relay.example".',
    ],
    [{ RPC_URL_8453: 'base.example' }, 'RPC_URL_8453 must be a http or https or ws or wss URL, got "base.example".'],
    [
      { RPC_URL_8453: 'https://a.example,ftp://b.example' },
      'RPC_URL_8453 must be a http or https or ws or wss URL, got "ftp://b.example".',
    ],
    [
      { RPC_URL_8453: 'wss://a.example/ws' },
      'RPC_URL_8453 needs an HTTP URL (http:// or https://) for calls beside its WebSocket URL.',
    ],
    [
      { RPC_URL_8453: 'https://a.example,wss://a.example/ws,ws://b.example' },
      'RPC_URL_8453 takes one WebSocket URL (ws:// or wss://), for new heads; the others are HTTP.',
    ],
    [{ DEV_CHAINS: '4' }, 'DEV_CHAINS must be 1, 2 or 3: how many dev chains npm start runs, got "4".'],
    [
      { RPC_URL_999: 'https://x.example' },
      'RPC_URL_999 names chain 999, which Billfold does not know (known: 31337, 84532, 421614, 1, 8453, 42161, 10, 137).',
    ],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must be a postgres or postgresql URL, got "mysql://x".'],
    [
      { DATABASE_URL: 'postgres://u@db1:5432,db 2:5432/billfold' },
      'DATABASE_URL must be a postgres or postgresql URL, got "postgres://u@db1:5432,db 2:5432/billfold" (host "db 2:5432" is not one).',
    ],
    [
      { DATABASE_REPLICA_URL: 'postgres://replica/billfold' },
      'DATABASE_REPLICA_URL needs DATABASE_URL: replicas are of a PostgreSQL primary, not of PGlite.',
    ],
    [
      { DATABASE_URL: 'postgres://db/billfold', DATABASE_REPLICA_URL: 'postgres://r1/billfold,http://r2' },
      'DATABASE_REPLICA_URL must be a postgres or postgresql URL, got "http://r2".',
    ],
    [{ RATE_LIMIT_PER_MINUTE: 'lots' }, 'RATE_LIMIT_PER_MINUTE must be a whole number (0 turns it off), got "lots".'],
    [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY must be true or false, got "maybe".'],
    [{ DEV_CHAIN: 'yes please' }, 'DEV_CHAIN must be true or false, got "yes please".'],
    [{ METRICS_TOKEN: 'short' }, 'METRICS_TOKEN must be at least 16 characters (e.g. openssl rand -hex 16).'],
    [{ LOG_FORMAT: 'xml' }, 'LOG_FORMAT must be json or pretty, got "xml".'],
    [{ QUOTE_MINUTES: '90' }, 'QUOTE_MINUTES must be from 1 to 60: how long a payer has to pay at a quoted rate.'],
  ])('names the variable and the problem for %o', (env, message) => {
    expect(() => readConfig(env)).toThrow(expect.objectContaining({ code: 'CONFIG_INVALID', shortMessage: message }))
  })
})
