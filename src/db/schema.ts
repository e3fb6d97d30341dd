import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  boolean,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import type { PaymentMethodId } from '../domain/paymentMethods.ts'
import type { ChargeReason, ChargeReasonCode } from '../domain/subscription/chargeReason.ts'

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

/** Sign-In with Ethereum nonces: issued by the server, used at most once, short-lived. */
export const siweNonces = pgTable('siwe_nonces', {
  nonce: text('nonce').primaryKey(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  expiresAt: timestamptz('expires_at').notNull(),
  usedAt: timestamptz('used_at'),
})

/** Signed-in sessions. Only a hash of the cookie's token is stored, so a database leak signs nobody in. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    address: text('address').notNull(),
    chainId: integer('chain_id').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
    /** The business the wallet acts for; null: its own (the wallet is its owner). */
    business: text('business'),
  },
  (table) => [index('sessions_address_idx').on(table.address)],
)

/** Wallets that act for a business other than their own, each in one role; the business's own wallet is its owner. */
export const businessMembers = pgTable(
  'business_members',
  {
    business: text('business').notNull(),
    member: text('member').notNull(),
    role: text('role').notNull(),
    addedBy: text('added_by').notNull(),
    addedAt: timestamptz('added_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.business, table.member] }),
    index('business_members_member_idx').on(table.member),
  ],
)

/** A link that makes whoever signs it a member in `role`: single use, until `expiresAt`; only its hash is kept. */
export const businessInvitations = pgTable(
  'business_invitations',
  {
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    business: text('business').notNull(),
    role: text('role').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    acceptedBy: text('accepted_by'),
    acceptedAt: timestamptz('accepted_at'),
    revokedAt: timestamptz('revoked_at'),
  },
  (table) => [
    uniqueIndex('business_invitations_token_hash_idx').on(table.tokenHash),
    index('business_invitations_business_idx').on(table.business, table.createdAt),
  ],
)

/** Who did what for a business, when and from where: sign-ins and every change. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    business: text('business').notNull(),
    actor: text('actor').notNull(),
    role: text('role').notNull(),
    action: text('action').notNull(),
    objectId: text('object_id'),
    clientIp: text('client_ip').notNull(),
    at: timestamptz('at').notNull().defaultNow(),
  },
  (table) => [index('audit_log_business_idx').on(table.business, table.id)],
)

/**
 * The key whose delegate signs what a business's members make (requests), authorised once by the
 * owner's wallet as an API key is; one per business, replaced when the owner authorises another.
 */
export const memberDelegates = pgTable('member_delegates', {
  business: text('business').primaryKey(),
  apiKeyId: text('api_key_id').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
})

/** Where a business's money goes, as the owner's wallet last signed it; `nonce` counts the changes so a signature works once. */
export const payoutAddresses = pgTable('payout_addresses', {
  business: text('business').primaryKey(),
  address: text('address').notNull(),
  nonce: integer('nonce').notNull(),
  signature: text('signature').notNull(),
  signedAt: timestamptz('signed_at').notNull(),
  changedAt: timestamptz('changed_at').notNull().defaultNow(),
})

const amount = (name: string) => numeric(name, { precision: 78, scale: 0 })

/** Payment requests, as the payee signed them, with what has been received so far. */
export const paymentRequests = pgTable(
  'payment_requests',
  {
    id: text('id').primaryKey(),
    chainId: integer('chain_id').notNull(),
    /** 'native' or the token's checksummed address. */
    asset: text('asset').notNull(),
    symbol: text('symbol').notNull(),
    decimals: integer('decimals').notNull(),
    amount: amount('amount').notNull(),
    payee: text('payee').notNull(),
    payer: text('payer'),
    memo: text('memo').notNull(),
    /** The memo in lower case, kept by the database: the search compares with it, so no row is folded at search time. */
    memoFolded: text('memo_folded')
      .notNull()
      .generatedAlwaysAs(sql`lower(memo)`),
    dueAt: timestamptz('due_at').notNull(),
    reference: text('reference').notNull().unique(),
    signature: text('signature').notNull(),
    status: text('status').notNull().default('open'),
    received: amount('received').notNull().default('0'),
    /** The chain's head when the request was made: the watcher need not look further back for it. */
    createdBlock: bigint('created_block', { mode: 'bigint' }).notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    paidAt: timestamptz('paid_at'),
    cancelledAt: timestamptz('cancelled_at'),
    /** The API key whose delegate signed it, for a request a merchant's server made; null when the payee's wallet signed. */
    issuedByKeyId: text('issued_by_key_id'),
    /** Where the payer is sent back after paying (https only). */
    redirectUrl: text('redirect_url'),
    /** The merchant's own data (an order id…), a JSON object of at most 4 KB, returned as given. */
    metadata: jsonb('metadata'),
    /**
     * For a request priced in a currency: its code, and `asset`, `symbol`, `decimals`, `amount` and
     * `received` are that currency's (code, code, minor digits, price and value received in minor
     * units). Null for a request in a token.
     */
    currency: text('currency'),
    /** A priced request's tokens, as `asset` names them ('native' or checksummed addresses). */
    acceptedAssets: text('accepted_assets').array(),
    /** How far below or above the price what was received may be and still count as paid, in basis points. */
    toleranceBps: integer('tolerance_bps'),
    /** The key whose delegate signs a priced request's quotes (the payee authorised it, as API keys are). */
    quoteKeyId: text('quote_key_id'),
    /** For a quote's own request (what the payer pays): the priced request it pays. */
    pricedRequestId: text('priced_request_id'),
    /** What the payee sent back, as the watcher recorded it from the chain (refund transfers). */
    refunded: amount('refunded').notNull().default('0'),
    /** For a schedule's request: the schedule, and which of its periods (0 the first) it asks for. */
    scheduleId: text('schedule_id'),
    schedulePeriod: integer('schedule_period'),
    /**
     * For a request accepting several chains, the set the payee signed, its own chain first:
     * `[{ chainId, asset }]` ('native' or checksummed addresses); null for one chain. `request_chains` indexes it per chain.
     */
    acceptedChains: jsonb('accepted_chains').$type<{ chainId: number; asset: string }[]>(),
  },
  (table) => [
    // Read backwards, it gives the dashboard's order (newest first, id breaking ties) for any page.
    index('payment_requests_payee_created_id_idx').on(table.payee, table.createdAt, table.id),
    index('payment_requests_chain_status_idx').on(table.chainId, table.status),
    // The payee's own memo trigrams answer "memo contains" when few of their requests match (btree_gin
    // keys the payee), so the search reads none of other payees' matches. Without fastupdate each insert
    // enters the index at once: searches never scan a pending list (PGlite has no autovacuum to empty it).
    index('payment_requests_payee_memo_trgm_idx')
      .using('gin', table.payee, table.memoFolded.op('gin_trgm_ops'))
      .with({ fastupdate: false }),
    // The watcher reads only the requests created since its last pass.
    index('payment_requests_chain_created_idx').on(table.chainId, table.createdAt),
    // Expiry on every pass finds the overdue open requests without walking every open one.
    index('payment_requests_open_due_idx')
      .on(table.chainId, table.dueAt)
      .where(sql`${table.status} = 'open'`),
    // The watcher's payee filter: which payees have requests for which asset on a chain.
    index('payment_requests_chain_asset_payee_idx').on(table.chainId, table.asset, table.payee),
    index('payment_requests_priced_idx')
      .on(table.pricedRequestId)
      .where(sql`${table.pricedRequestId} is not null`),
    // Exactly one request per period of a schedule, whatever the number of servers issuing.
    uniqueIndex('payment_requests_schedule_period_idx')
      .on(table.scheduleId, table.schedulePeriod)
      .where(sql`${table.scheduleId} is not null`),
  ],
)

/**
 * The chains a request accepts beside its own (`chain_id`, `asset` of the request, listed here too),
 * each with its token and the chain's head when the request was made; none for a request of one chain.
 * The payee's signature covers the whole set; payments on each add up by the request's one reference.
 */
export const requestChains = pgTable(
  'request_chains',
  {
    requestId: text('request_id')
      .notNull()
      .references(() => paymentRequests.id),
    chainId: integer('chain_id').notNull(),
    /** 'native' or the token's checksummed address on that chain. */
    asset: text('asset').notNull(),
    /** That chain's head when the request was made: its watcher need not look further back. */
    createdBlock: bigint('created_block', { mode: 'bigint' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.requestId, table.chainId] }),
    // Each chain's watcher: which payees are paid in which asset on it.
    index('request_chains_chain_asset_idx').on(table.chainId, table.asset),
  ],
)

/**
 * A quote of a priced request in one token: its own request (what the payer pays, signed by the quote
 * key's delegate, due when the quote expires) with the feed rounds it was computed from and the
 * delegate's signature of the quote (EIP-712 `PriceQuote`).
 */
export const priceQuotes = pgTable(
  'price_quotes',
  {
    requestId: text('request_id')
      .primaryKey()
      .references(() => paymentRequests.id),
    pricedRequestId: text('priced_request_id')
      .notNull()
      .references(() => paymentRequests.id),
    asset: text('asset').notNull(),
    /** What was quoted, in the currency's minor units: the price, or what was still due of it. */
    price: amount('price').notNull(),
    amount: amount('amount').notNull(),
    tokenFeed: text('token_feed').notNull(),
    tokenRound: amount('token_round').notNull(),
    tokenAnswer: amount('token_answer').notNull(),
    tokenFeedDecimals: integer('token_feed_decimals').notNull(),
    tokenUpdatedAt: timestamptz('token_updated_at').notNull(),
    /** Null for a price in USD: no currency feed. */
    currencyFeed: text('currency_feed'),
    currencyRound: amount('currency_round'),
    currencyAnswer: amount('currency_answer'),
    currencyFeedDecimals: integer('currency_feed_decimals'),
    currencyUpdatedAt: timestamptz('currency_updated_at'),
    expiresAt: timestamptz('expires_at').notNull(),
    signature: text('signature').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [index('price_quotes_priced_asset_idx').on(table.pricedRequestId, table.asset, table.expiresAt)],
)

/** Payments found on chain; each (chain, transaction, log) once. Native transfers have log index -1. */
export const payments = pgTable(
  'payments',
  {
    chainId: integer('chain_id').notNull(),
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    requestId: text('request_id')
      .notNull()
      .references(() => paymentRequests.id),
    fromAddress: text('from_address').notNull(),
    amount: amount('amount').notNull(),
    blockNumber: bigint('block_number', { mode: 'bigint' }).notNull(),
    blockHash: text('block_hash').notNull(),
    blockTime: timestamptz('block_time').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /** How it was tied to its request: 'reference', 'amount' (a direct transfer of exactly what was due) or 'assigned' (by the payee). */
    matchedBy: text('matched_by').notNull().default('reference'),
    /** Who assigned it and when, for 'assigned'. */
    assignedBy: text('assigned_by'),
    assignedAt: timestamptz('assigned_at'),
  },
  (table) => [
    primaryKey({ columns: [table.chainId, table.txHash, table.logIndex] }),
    index('payments_request_idx').on(table.requestId),
    index('payments_chain_block_idx').on(table.chainId, table.blockNumber),
  ],
)

/**
 * What a payment was worth in a currency, for the payment's block (a reorg that moves it leaves this
 * row behind and it is valued again): at its quote, at its block's rounds, or at the newest rounds
 * when the node kept no history (`basis`), with the rounds used.
 */
export const paymentValues = pgTable(
  'payment_values',
  {
    chainId: integer('chain_id').notNull(),
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    blockHash: text('block_hash').notNull(),
    currency: text('currency').notNull(),
    /**
     * In the currency's minor units, rounded down; a priced request's payment, in its currency, holds its
     * share of the request's running total (`pricedPaymentValues`), so a request's values add up to it.
     */
    value: amount('value').notNull(),
    /** 'quote', 'block' or 'latest'. */
    basis: text('basis').notNull(),
    tokenFeed: text('token_feed').notNull(),
    tokenRound: amount('token_round').notNull(),
    tokenAnswer: amount('token_answer').notNull(),
    tokenFeedDecimals: integer('token_feed_decimals').notNull(),
    currencyFeed: text('currency_feed'),
    currencyRound: amount('currency_round'),
    currencyAnswer: amount('currency_answer'),
    currencyFeedDecimals: integer('currency_feed_decimals'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.chainId, table.txHash, table.logIndex, table.blockHash, table.currency] }),
    foreignKey({
      columns: [table.chainId, table.txHash, table.logIndex],
      foreignColumns: [payments.chainId, payments.txHash, payments.logIndex],
    }).onDelete('cascade'),
  ],
)

/**
 * Transfers of a requested asset to a payee that pay no request (no reference and no unambiguous
 * amount): the payee assigns them to a request or dismisses them. Each (chain, transaction, log) once;
 * one the payee assigned stays here for the record, marked with its request, and is a payment too.
 */
export const unmatchedTransfers = pgTable(
  'unmatched_transfers',
  {
    id: text('id').notNull().unique(),
    chainId: integer('chain_id').notNull(),
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    payee: text('payee').notNull(),
    /** 'native' or the token's checksummed address. */
    asset: text('asset').notNull(),
    fromAddress: text('from_address').notNull(),
    amount: amount('amount').notNull(),
    blockNumber: bigint('block_number', { mode: 'bigint' }).notNull(),
    blockHash: text('block_hash').notNull(),
    blockTime: timestamptz('block_time').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    dismissedAt: timestamptz('dismissed_at'),
    /** The request the payee assigned it to; it is then a payment too (matched_by 'assigned') and no longer listed. */
    assignedRequestId: text('assigned_request_id').references(() => paymentRequests.id),
  },
  (table) => [
    primaryKey({ columns: [table.chainId, table.txHash, table.logIndex] }),
    // The payee's list, newest first.
    index('unmatched_transfers_payee_idx').on(table.payee, table.blockTime, table.id),
    index('unmatched_transfers_chain_block_idx').on(table.chainId, table.blockNumber),
  ],
)

/** How far the watcher of each chain has read, and the hashes of recent blocks to notice a reorg. */
export const chainCursors = pgTable('chain_cursors', {
  chainId: integer('chain_id').primaryKey(),
  blockNumber: bigint('block_number', { mode: 'bigint' }).notNull(),
  blockHash: text('block_hash').notNull(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
})

/**
 * Each chain's head when its watcher last wrote: how another chain's watcher tells whether a payment
 * here is final, for a request paid on both.
 */
export const chainHeads = pgTable('chain_heads', {
  chainId: integer('chain_id').primaryKey(),
  headBlock: bigint('head_block', { mode: 'bigint' }).notNull(),
})

export const recentBlocks = pgTable(
  'recent_blocks',
  {
    chainId: integer('chain_id').notNull(),
    blockNumber: bigint('block_number', { mode: 'bigint' }).notNull(),
    blockHash: text('block_hash').notNull(),
  },
  (table) => [primaryKey({ columns: [table.chainId, table.blockNumber] })],
)

/** How each chain's watcher is doing, written by whichever server watches it and read by all. */
export const chainHealth = pgTable('chain_health', {
  chainId: integer('chain_id').primaryKey(),
  /** Null until the chain's RPC has answered once. */
  headBlock: bigint('head_block', { mode: 'bigint' }),
  /** The newest block every transfer of which has been read. */
  readThrough: bigint('read_through', { mode: 'bigint' }),
  /** The provider's words when the last pass failed, or null. */
  lastError: text('last_error'),
  /** Since when the chain has lagged, or null while it keeps up. */
  laggingSince: timestamptz('lagging_since'),
  /** Items the RPC answered in an odd shape (a transaction it could not trace, a log without its index), each read another way or left out. */
  gaps: integer('gaps').notNull().default(0),
  /** The newest of them, in a few words: which item and what the node sent. */
  lastGap: text('last_gap'),
  lastGapAt: timestamptz('last_gap_at'),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
})

/** What a payee tells payers about themselves, shown beside (never instead of) their address. */
export const payeeProfiles = pgTable('payee_profiles', {
  /** Checksummed address of the payee who set it (their session's). */
  address: text('address').primaryKey(),
  displayName: text('display_name').notNull(),
  website: text('website'),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
})

/** A payee's own settings: the currency their books are kept in (every payment valued in it at its block). */
export const payeeSettings = pgTable('payee_settings', {
  /** Checksummed address of the payee (their session's). */
  address: text('address').primaryKey(),
  reportingCurrency: text('reporting_currency').notNull(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
})

/**
 * How a payee's accounting exports are booked (`src/domain/books/chartOfAccounts.ts`): the DATEV chart
 * (SKR03 or SKR04), the consultant's and client's numbers, the fiscal year's first month, the length of
 * an account number, and the accounts they set instead of the chart's defaults, by role.
 */
export const accountingSettings = pgTable('accounting_settings', {
  /** Checksummed address of the payee (their session's). */
  address: text('address').primaryKey(),
  chart: text('chart').$type<'SKR03' | 'SKR04'>().notNull().default('SKR03'),
  consultantNumber: integer('consultant_number').notNull().default(1001),
  clientNumber: integer('client_number').notNull().default(1),
  fiscalYearStart: integer('fiscal_year_start').notNull().default(1),
  accountLength: integer('account_length').notNull().default(4),
  accounts: jsonb('accounts').$type<Record<string, string>>().notNull().default({}),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
})

/**
 * A merchant server's key. Only a hash of the secret is stored. Each key has its own delegate: a
 * signing key Billfold made for it and keeps encrypted with SECRET_KEY, which the payee's wallet
 * authorised once (an EIP-712 delegation) to sign requests on the payee's behalf.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    payee: text('payee').notNull(),
    name: text('name').notNull(),
    scopes: text('scopes').array().notNull(),
    /** SHA-256 of the secret, hex; null for a payment link's key (the link is its only user). */
    secretHash: text('secret_hash').unique(),
    /** The secret's first characters, to tell keys apart in a list. */
    secretPrefix: text('secret_prefix'),
    delegate: text('delegate').notNull(),
    /** The delegate's private key, sealed with SECRET_KEY (AES-256-GCM). */
    delegateKeySealed: text('delegate_key_sealed').notNull(),
    delegationSignature: text('delegation_signature'),
    delegationExpiresAt: timestamptz('delegation_expires_at').notNull(),
    /** The member who made the key: it acts with that member's current role within its scopes. Null: the business's own wallet. */
    createdBy: text('created_by'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /** When the payee's wallet signed the delegation: the delegate signs requests from then on. */
    activatedAt: timestamptz('activated_at'),
    lastUsedAt: timestamptz('last_used_at'),
    revokedAt: timestamptz('revoked_at'),
  },
  (table) => [index('api_keys_payee_idx').on(table.payee, table.createdAt)],
)

/**
 * `Idempotency-Key`s of the REST API: a retry with the same key and body gets the same request back.
 * Unique per payee, whichever of their API keys sent it (a key rotated, two shop servers).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    payee: text('payee').notNull(),
    /** The API key that first sent it. */
    apiKeyId: text('api_key_id').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the request's method, path and body: the same key with another body is refused. */
    fingerprint: text('fingerprint').notNull(),
    requestId: text('request_id'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.payee, table.key] }),
    index('idempotency_keys_created_idx').on(table.createdAt),
  ],
)

/** Where a payee's events are sent (Standard Webhooks). The signing secret is sealed with SECRET_KEY. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: text('id').primaryKey(),
    payee: text('payee').notNull(),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    secretSealed: text('secret_sealed').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    disabledAt: timestamptz('disabled_at'),
  },
  (table) => [index('webhook_endpoints_payee_idx').on(table.payee)],
)

/**
 * The outbox: one row per event, written by the change journal's consumer in the transaction that
 * follows the change's journal entry, with a snapshot of the request (and payment) as the change left
 * them, dated when the change was made.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: text('id').primaryKey(),
    payee: text('payee').notNull(),
    type: text('type').notNull(),
    requestId: text('request_id').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [index('webhook_events_payee_idx').on(table.payee, table.createdAt)],
)

/** One event to one endpoint: delivered at least once by whichever server claims it first. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    eventId: text('event_id').notNull(),
    endpointId: text('endpoint_id').notNull(),
    /** pending, delivered or failed (gave up after the retries). */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    /** A server is sending it until then; after, another may (the first died). */
    lockedUntil: timestamptz('locked_until'),
    deliveredAt: timestamptz('delivered_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('webhook_deliveries_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
    index('webhook_deliveries_endpoint_idx').on(table.endpointId, table.createdAt),
    // Retention: the ended deliveries oldest first, and whether an event still has any.
    index('webhook_deliveries_ended_idx')
      .on(table.createdAt)
      .where(sql`${table.status} <> 'pending'`),
    index('webhook_deliveries_event_idx').on(table.eventId),
  ],
)

/** Every attempt at a delivery: what the receiver answered, how fast, or why it could not be reached. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: text('id').primaryKey(),
    deliveryId: text('delivery_id').notNull(),
    attemptedAt: timestamptz('attempted_at').notNull().defaultNow(),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    responseExcerpt: text('response_excerpt'),
    error: text('error'),
  },
  (table) => [index('webhook_attempts_delivery_idx').on(table.deliveryId, table.attemptedAt)],
)

/**
 * A reusable link a payee shares (a price list, a donation page): each visit makes a fresh request,
 * signed by the link's own delegate (an API key row without a secret, named by the link's title).
 */
export const paymentLinks = pgTable(
  'payment_links',
  {
    id: text('id').primaryKey(),
    payee: text('payee').notNull(),
    apiKeyId: text('api_key_id').notNull(),
    title: text('title').notNull(),
    chainId: integer('chain_id').notNull(),
    asset: text('asset').notNull(),
    /** A fixed amount in base units, or null when the payer chooses within min and max. */
    amount: amount('amount'),
    minAmount: amount('min_amount'),
    maxAmount: amount('max_amount'),
    memo: text('memo').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    disabledAt: timestamptz('disabled_at'),
    /**
     * For a link priced in a currency: its code (`asset` is then the code too and `amount` the price in
     * minor units), the tokens its requests accept and their tolerance. Null for a link in a token.
     */
    currency: text('currency'),
    acceptedAssets: text('accepted_assets').array(),
    toleranceBps: integer('tolerance_bps'),
  },
  (table) => [index('payment_links_payee_idx').on(table.payee, table.createdAt)],
)

/** A point-of-sale till: a named keypad whose sales its own delegate signs (as a payment link's key does). */
export const tills = pgTable(
  'tills',
  {
    id: text('id').primaryKey(),
    payee: text('payee').notNull(),
    apiKeyId: text('api_key_id').notNull(),
    name: text('name').notNull(),
    chainId: integer('chain_id').notNull(),
    /** The token a sale is paid in (an address or `native`). */
    asset: text('asset').notNull(),
    /** The shop's currency its keypad, items and report count in; null when it counts in the token. */
    currency: text('currency'),
    /** Items on its keypad: a name and a price in the till's unit's base units. */
    items: jsonb('items').$type<{ name: string; price: string }[]>().notNull().default([]),
    /** The tip choices it offers, in basis points of the sale. */
    tipsBps: integer('tips_bps').array().notNull().default([]),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    disabledAt: timestamptz('disabled_at'),
    /** The member that set it up (in the app, or with a key of theirs): its sales are signed by the business's members' delegate. */
    madeByMember: text('made_by_member'),
  },
  (table) => [index('tills_payee_idx').on(table.payee, table.createdAt)],
)

/** A sale on a till: the request its payer pays (in the token), and its subtotal and tip in the till's unit (base units). */
export const tillSales = pgTable(
  'till_sales',
  {
    id: text('id').primaryKey(),
    tillId: text('till_id').notNull(),
    requestId: text('request_id').notNull(),
    subtotal: amount('subtotal').notNull(),
    tip: amount('tip').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /** The wallet that charged it (the owner's, or a member's, also through their key); null before this was kept. */
    soldBy: text('sold_by'),
  },
  (table) => [
    index('till_sales_till_idx').on(table.tillId, table.createdAt),
    index('till_sales_request_idx').on(table.requestId),
    index('till_sales_sold_by_idx').on(table.soldBy),
  ],
)

/**
 * The deployment's rate-limit buckets (PostgreSQL only), shared by every server: tokens left and
 * when they were counted; servers claim small allowances from them (src/http/sharedRateLimiter.ts).
 */
export const rateLimitBuckets = pgTable('rate_limit_buckets', {
  key: text('key').primaryKey(),
  tokens: doublePrecision('tokens').notNull(),
  updatedAt: timestamptz('updated_at').notNull(),
})

/**
 * A payee's relayer on one chain: a key Billfold holds for the payee (sealed with SECRET_KEY) that
 * sends payers' signed authorizations, paying the gas from the little native coin the payee funds it with.
 */
export const relayers = pgTable(
  'relayers',
  {
    payee: text('payee').notNull(),
    chainId: integer('chain_id').notNull(),
    address: text('address').notNull().unique(),
    keySealed: text('key_sealed').notNull(),
    enabled: boolean('enabled').notNull().default(false),
    /** The most one payment's relay may cost, in the chain's native base units (wei); null: no cap. */
    feeCap: amount('fee_cap'),
    /** The next transaction nonce: taken under this row's lock, in the transaction that stores the signed relay. */
    nextNonce: integer('next_nonce').notNull().default(0),
    /** Reverted relays an hour the payee accepts: past it, gasless pauses until the payee resumes it. */
    revertBudget: integer('revert_budget').notNull().default(3),
    pausedAt: timestamptz('paused_at'),
    pausedReason: text('paused_reason'),
    /** Reverts before this (the payee resumed) no longer count against the budget. */
    resumedAt: timestamptz('resumed_at'),
    /** Gas and fee (native base units) spent on relays that reverted and on nonces filled for expired ones. */
    wastedGas: amount('wasted_gas').notNull().default('0'),
    wastedFee: amount('wasted_fee').notNull().default('0'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.payee, table.chainId] })],
)

/**
 * What a relayer sent or is to send: a payer's authorization (kind `payment`), a subscriber's
 * Permit2 permit (kind `permit`) or the payee's withdrawal. The signed transaction is stored before it is broadcast, so a server that dies between
 * the two is neither losing the relay nor sending it twice: whoever resumes broadcasts the same bytes.
 */
export const relays = pgTable(
  'relays',
  {
    id: text('id').primaryKey(),
    payee: text('payee').notNull(),
    chainId: integer('chain_id').notNull(),
    relayer: text('relayer').notNull(),
    kind: text('kind').$type<'payment' | 'withdrawal' | 'permit'>().notNull(),
    requestId: text('request_id'),
    /** A payment's way to pay (`src/payments/methods/`), and what its payer signed, as that method keeps it. */
    method: text('method').$type<PaymentMethodId>(),
    payload: jsonb('payload').$type<Record<string, string>>(),
    /** A payment's asset, payer and one-time key (an ERC-3009 nonce): the chain uses each key once. */
    token: text('token'),
    payer: text('payer'),
    authorizationNonce: text('authorization_nonce'),
    validBefore: timestamptz('valid_before'),
    /** The transaction's target and calldata, and the native value it carries (a withdrawal's). */
    target: text('target').notNull(),
    data: text('data').notNull(),
    value: amount('value').notNull(),
    gasLimit: amount('gas_limit').notNull(),
    /** waiting (for fees under the cap or for funds) → signed → sent → mined | reverted; or expired. */
    state: text('state').$type<RelayState>().notNull(),
    /** Why it waits or failed, in words for the payer and payee. */
    reason: text('reason'),
    txNonce: integer('tx_nonce'),
    maxFeePerGas: amount('max_fee_per_gas'),
    maxPriorityFeePerGas: amount('max_priority_fee_per_gas'),
    /** The latest signed version (a replacement re-signs the same nonce with a higher fee). */
    rawTransaction: text('raw_transaction'),
    /** Every version's hash: any of them may be the one mined. */
    transactionHashes: text('transaction_hashes')
      .array()
      .notNull()
      .default(sql`'{}'`),
    transactionHash: text('transaction_hash'),
    sentAtBlock: bigint('sent_at_block', { mode: 'bigint' }),
    /** The block its transaction was mined in: a payer's balance read before it still holds its value. */
    minedAtBlock: bigint('mined_at_block', { mode: 'bigint' }),
    gasUsed: amount('gas_used'),
    /** What the relay cost, in native base units (gas used × effective gas price). */
    fee: amount('fee'),
    /** The zero-value transaction to itself that took this relay's nonce once its authorization expired. */
    fillHash: text('fill_hash'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    // A payer's relays on their way are summed against the payer's balance before another is taken.
    index('relays_payer_idx').on(table.chainId, table.token, table.payer, table.state),
    // The reverts of a relayer's last hour, counted against its budget.
    index('relays_reverted_idx')
      .on(table.relayer, table.updatedAt)
      .where(sql`state = 'reverted'`),
    // A payer's reverts of the last hour, which refuse them paying without gas meanwhile.
    index('relays_reverted_payer_idx')
      .on(table.chainId, table.payer, table.updatedAt)
      .where(sql`state = 'reverted'`),
    // One relay per authorization: the same signature submitted twice is the same relay.
    uniqueIndex('relays_authorization_idx').on(table.chainId, table.token, table.payer, table.authorizationNonce),
    // One authorization of a request on its way at a time: a second one signed meanwhile would pay twice.
    uniqueIndex('relays_request_in_flight_idx')
      .on(table.requestId)
      .where(sql`kind = 'payment' and state in ('waiting', 'signed', 'sent')`),
    index('relays_payee_idx').on(table.payee, table.createdAt),
    // The watcher looks a transfer's authorization up by its nonce's first 16 bytes.
    index('relays_nonce_reference_idx').on(table.chainId, sql`left(${table.authorizationNonce}, 34)`),
    // Retention finds the relays that ended long ago without reading the others.
    index('relays_ended_idx')
      .on(table.updatedAt)
      .where(sql`state in ('mined', 'reverted', 'expired')`),
    index('relays_open_idx')
      .on(table.chainId, table.state)
      .where(sql`state in ('waiting', 'signed', 'sent')`),
  ],
)

export type RelayState = 'waiting' | 'signed' | 'sent' | 'mined' | 'reverted' | 'expired'

/**
 * The servers alive now, each beating every few seconds: how many share the chains' watchers (each
 * takes its fair share of the chains) and, on /readyz, which runs what.
 */
export const serverHeartbeats = pgTable('server_heartbeats', {
  serverId: text('server_id').primaryKey(),
  seenAt: timestamptz('seen_at').notNull(),
  /** The chains whose watcher it runs, as of its last beat. */
  watching: integer('watching')
    .array()
    .notNull()
    .default(sql`'{}'`),
})

/**
 * A payee's details as a seller, printed on their invoices, and their invoice numbering: the next
 * sequence number is taken (and this row locked) in the transaction that issues an invoice, so
 * numbers never repeat and never skip, whichever server issues them.
 */
export const sellerDetails = pgTable('seller_details', {
  /** Checksummed address of the payee. */
  payee: text('payee').primaryKey(),
  legalName: text('legal_name').notNull(),
  address: text('address').notNull(),
  taxId: text('tax_id').notNull(),
  email: text('email').notNull(),
  /** The postal parts and VAT id an e-invoice needs (EN 16931 BT-38, BT-37, BT-40, BT-31); the telephone XRechnung asks for. */
  postcode: text('postcode').notNull().default(''),
  city: text('city').notNull().default(''),
  country: text('country').notNull().default(''),
  vatId: text('vat_id').notNull().default(''),
  phone: text('phone').notNull().default(''),
  /** The logo as a PNG (an SVG is drawn to one on upload), base64; nothing of an uploaded SVG is kept. */
  logoPng: text('logo_png'),
  paymentTermsDays: integer('payment_terms_days').notNull(),
  numberPattern: text('number_pattern').notNull(),
  rounding: text('rounding').notNull(),
  nextSequence: integer('next_sequence').notNull().default(1),
  /** 'own': credit notes numbered by `credit_note_pattern` in a sequence of their own; 'shared': in the invoices'. */
  creditNoteNumbering: text('credit_note_numbering').$type<'own' | 'shared'>().notNull().default('own'),
  creditNotePattern: text('credit_note_pattern').notNull().default('CN-{seq:4}'),
  nextCreditNoteSequence: integer('next_credit_note_sequence').notNull().default(1),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
})

/** An invoice: the document of one request, as its payee signed it (the hash is in the request's signature). */
export const invoices = pgTable(
  'invoices',
  {
    requestId: text('request_id')
      .primaryKey()
      .references(() => paymentRequests.id, { onDelete: 'cascade' }),
    payee: text('payee').notNull(),
    sequence: integer('sequence').notNull(),
    number: text('number').notNull(),
    /** The document's exact text (canonical JSON): its keccak-256 is `documentHash`. */
    document: text('document').notNull(),
    documentHash: text('document_hash').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_payee_sequence_unique').on(t.payee, t.sequence),
    uniqueIndex('invoices_payee_number_unique').on(t.payee, t.number),
  ],
)

/**
 * A credit note: a document that takes back all or part of an invoice, numbered in the payee's
 * credit-note sequence or the invoices' (the seller row locked as for an invoice). One per refund
 * recorded from the chain (`refund_id`), or one that cancels an unpaid invoice (`kind` 'cancellation').
 */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: text('id').primaryKey(),
    payee: text('payee').notNull(),
    invoiceRequestId: text('invoice_request_id')
      .notNull()
      .references(() => invoices.requestId, { onDelete: 'cascade' }),
    refundId: text('refund_id').references(() => refunds.id),
    kind: text('kind').$type<'refund' | 'cancellation'>().notNull(),
    sequence: integer('sequence').notNull(),
    number: text('number').notNull(),
    /** The document's exact text (canonical JSON): its keccak-256 is `documentHash`. */
    document: text('document').notNull(),
    documentHash: text('document_hash').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('credit_notes_payee_number_unique').on(t.payee, t.number),
    uniqueIndex('credit_notes_refund_unique')
      .on(t.refundId)
      .where(sql`${t.refundId} is not null`),
    uniqueIndex('credit_notes_cancellation_unique')
      .on(t.invoiceRequestId)
      .where(sql`${t.kind} = 'cancellation'`),
    index('credit_notes_invoice_idx').on(t.invoiceRequestId, t.sequence),
  ],
)

/**
 * A refund the payee prepared: the transfer Billfold built for their wallet, with its own reference.
 * Until the chain shows a transfer carrying that reference it holds its amount, so refunds in flight
 * never together exceed what was received; it stops holding when cancelled or at `expires_at`.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: text('id').primaryKey(),
    requestId: text('request_id')
      .notNull()
      .references(() => paymentRequests.id),
    chainId: integer('chain_id').notNull(),
    /** 'native' or the token's checksummed address: the request's asset. */
    asset: text('asset').notNull(),
    /** Who sends it: the request's payee. */
    payee: text('payee').notNull(),
    toAddress: text('to_address').notNull(),
    amount: amount('amount').notNull(),
    reference: text('reference').notNull().unique(),
    /** The API key that prepared it for a merchant's server; null from the app. */
    preparedByKeyId: text('prepared_by_key_id'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    cancelledAt: timestamptz('cancelled_at'),
  },
  (table) => [
    index('refunds_request_idx').on(table.requestId),
    // The watcher's list of refunds to look for on a chain: the recent ones.
    index('refunds_chain_created_idx').on(table.chainId, table.createdAt),
  ],
)

/** Transfers on chain that carried a refund's reference from its payee; each (chain, transaction, log) once. */
export const refundTransfers = pgTable(
  'refund_transfers',
  {
    chainId: integer('chain_id').notNull(),
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    refundId: text('refund_id')
      .notNull()
      .references(() => refunds.id),
    requestId: text('request_id')
      .notNull()
      .references(() => paymentRequests.id),
    toAddress: text('to_address').notNull(),
    amount: amount('amount').notNull(),
    blockNumber: bigint('block_number', { mode: 'bigint' }).notNull(),
    blockHash: text('block_hash').notNull(),
    blockTime: timestamptz('block_time').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.chainId, table.txHash, table.logIndex] }),
    index('refund_transfers_refund_idx').on(table.refundId),
    index('refund_transfers_request_idx').on(table.requestId),
    index('refund_transfers_chain_block_idx').on(table.chainId, table.blockNumber),
  ],
)

/**
 * Recurring requests: the terms of each period's request, its calendar, and the delegate that signs
 * them (an API key row without a secret, authorised once by the payee's wallet, as a link's is).
 * `next_period` and `next_at` say which period is issued next and when it starts.
 */
export const schedules = pgTable(
  'schedules',
  {
    id: text('id').primaryKey(),
    payee: text('payee').notNull(),
    apiKeyId: text('api_key_id').notNull(),
    chainId: integer('chain_id').notNull(),
    asset: text('asset').notNull(),
    amount: amount('amount').notNull(),
    payer: text('payer'),
    payerEmail: text('payer_email'),
    /** The language e-mails to `payer_email` are written in. */
    payerLanguage: text('payer_language').notNull().default('en'),
    memo: text('memo').notNull(),
    interval: text('interval').$type<'week' | 'month' | 'year'>().notNull(),
    day: integer('day').notNull(),
    month: integer('month'),
    /** YYYY-MM-DD, UTC. */
    startsOn: text('starts_on').notNull(),
    /** Null: until stopped. */
    count: integer('count'),
    dueDays: integer('due_days').notNull(),
    nextPeriod: integer('next_period').notNull().default(0),
    nextAt: timestamptz('next_at').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /** Set once the payee's wallet signed the delegation: only then are periods issued. */
    activatedAt: timestamptz('activated_at'),
    pausedAt: timestamptz('paused_at'),
    stoppedAt: timestamptz('stopped_at'),
    /** Why it stopped by itself: 'finished' (its count reached), 'delegation_expired', 'key_revoked' or 'asset_unavailable'. */
    endedBecause: text('ended_because'),
  },
  (table) => [
    index('schedules_payee_idx').on(table.payee, table.createdAt),
    // The issuer's question every few seconds: which active schedules have a period due.
    index('schedules_due_idx')
      .on(table.nextAt)
      .where(sql`${table.activatedAt} is not null and ${table.pausedAt} is null and ${table.stoppedAt} is null`),
  ],
)

/** A payee's address for notices: confirmed by a link before anything else is sent to it, in their language. */
export const emailAddresses = pgTable('email_addresses', {
  payee: text('payee').primaryKey(),
  address: text('address').notNull(),
  /** One of the pay page's languages ('en', 'de', …). */
  language: text('language').notNull(),
  /** The notices wanted: paid, partially_paid, overpaid, expired, unmatched, refunded, webhook_failing, relayer_low, relayer_paused. */
  notices: text('notices').array().notNull(),
  confirmedAt: timestamptz('confirmed_at'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
})

/** An address a payer left on the pay page: the receipt goes there, and a schedule's next requests. */
export const payerEmails = pgTable(
  'payer_emails',
  {
    requestId: text('request_id')
      .notNull()
      .references(() => paymentRequests.id),
    address: text('address').notNull(),
    language: text('language').notNull(),
    /** The request's schedule, if it has one: its later periods are sent here too. */
    scheduleId: text('schedule_id'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.requestId, table.address] }),
    index('payer_emails_schedule_idx')
      .on(table.scheduleId)
      .where(sql`${table.scheduleId} is not null`),
  ],
)

/**
 * Addresses that refused all e-mail from this Billfold by the link every e-mail carries, for good,
 * each kept as `billfold_email_key(address)` (the SHA-256 of its trimmed, lower-cased form).
 */
export const emailSuppressions = pgTable('email_suppressions', {
  addressHash: text('address_hash').primaryKey(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
})

/** Each confirmation link asked for an address (by its key), deployment-wide: the bound on mail to a stranger. */
export const emailConfirmations = pgTable(
  'email_confirmations',
  {
    addressHash: text('address_hash').notNull(),
    askedAt: timestamptz('asked_at').notNull().defaultNow(),
  },
  (table) => [
    index('email_confirmations_address_idx').on(table.addressHash, table.askedAt),
    index('email_confirmations_asked_idx').on(table.askedAt),
  ],
)

/**
 * E-mails to send, written by the change journal's consumer (as webhook events are) or the API, each
 * at most once (`dedupe_key`); the recipient is resolved and the message rendered when it
 * is sent, retried with back-off, and its outcome kept.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: text('id').primaryKey(),
    dedupeKey: text('dedupe_key').notNull().unique(),
    kind: text('kind').notNull(),
    /** For a notice to a payee: sent to their confirmed address, if they still want this kind. */
    payee: text('payee'),
    /** For a message to an address (a payer's receipt, a confirmation link). */
    toAddress: text('to_address'),
    language: text('language'),
    requestId: text('request_id'),
    payload: jsonb('payload'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    lockedUntil: timestamptz('locked_until'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** When it ended, and how: 'sent', 'failed' (retries spent) or 'skipped' (no one to send it to). */
    endedAt: timestamptz('ended_at'),
    outcome: text('outcome'),
  },
  (table) => [
    index('email_outbox_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.endedAt} is null`),
  ],
)

/**
 * Row changes that may be followed by a notification, recorded by the journal trigger in the
 * transaction that makes them (src/db/functions.sql); the journal's consumer decides what follows
 * and removes them. Numbers that JSON would round are kept as text in the rows.
 */
export const changeJournal = pgTable('change_journal', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** The transaction that made the change: what it left is read from its own entries. */
  tx: bigint('tx', { mode: 'bigint' }).notNull(),
  tableName: text('table_name').notNull(),
  /** INSERT, UPDATE or DELETE. */
  operation: text('operation').notNull(),
  oldRow: jsonb('old_row'),
  newRow: jsonb('new_row'),
  at: timestamptz('at').notNull(),
})

export type SubscriptionState = 'active' | 'past_due' | 'paused' | 'cancelled_by_payer' | 'cancelled_by_payee' | 'ended'
/** due → charging → sent → paid; past_due (retried on the dunning days) → paid by hand or given up; cancelled. */
export type ChargeState = 'due' | 'charging' | 'sent' | 'paid' | 'past_due' | 'given_up' | 'cancelled'

/** What a payer subscribes to: a token amount each period, signed for by the payee's delegate. */
export const subscriptionPlans = pgTable(
  'subscription_plans',
  {
    id: text('id').primaryKey(),
    payee: text('payee').notNull(),
    apiKeyId: text('api_key_id').notNull(),
    chainId: integer('chain_id').notNull(),
    asset: text('asset').notNull(),
    /** Each period's charge, in the token's base units; a change applies from the next period. 0 for a priced plan. */
    amount: amount('amount').notNull(),
    /** A priced plan: its price per period in this currency's minor units, quoted in the token at each charge. */
    currency: text('currency'),
    price: amount('price'),
    /** A priced plan's headroom over the grant's quote in the permission's cap, in basis points. */
    toleranceBps: integer('tolerance_bps').notNull().default(0),
    name: text('name').notNull(),
    interval: text('interval').$type<'week' | 'month' | 'year'>().notNull(),
    trialDays: integer('trial_days').notNull().default(0),
    /** Null: until cancelled. */
    count: integer('count'),
    /** YYYY-MM-DD, UTC: no period starts on or after it. */
    endsOn: text('ends_on'),
    /** Days after a failed charge on which it is tried again, then the subscription pauses. */
    dunningDays: integer('dunning_days')
      .array()
      .notNull()
      .default(sql`'{1,3,7}'`),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /** Set once the payee's wallet signed the delegation: only then may payers start. */
    activatedAt: timestamptz('activated_at'),
    archivedAt: timestamptz('archived_at'),
  },
  (table) => [index('subscription_plans_payee_idx').on(table.payee, table.createdAt)],
)

/** A payer's subscription to a plan, with the permission their wallet granted (the chain enforces its cap). */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: text('id').primaryKey(),
    planId: text('plan_id').notNull(),
    payee: text('payee').notNull(),
    payer: text('payer').notNull(),
    payerEmail: text('payer_email'),
    payerLanguage: text('payer_language').notNull().default('en'),
    chainId: integer('chain_id').notNull(),
    asset: text('asset').notNull(),
    /** The most the permission lets one period take, in base units. */
    periodCap: amount('period_cap').notNull(),
    interval: text('interval').$type<'week' | 'month' | 'year'>().notNull(),
    /** The first period's start (after the trial); each next is the permission's period on, by the chain's clock. */
    startsAt: timestamptz('starts_at').notNull(),
    count: integer('count'),
    /**
     * The wallet's granted permission (ERC-7715) as it answered, or the payer's signed Permit2 permit
     * (`mechanism: 'permit2'`), and the payee's relayer it names as redeemer.
     */
    permission: jsonb('permission').$type<{ redeemer: string; granted?: unknown; mechanism?: 'permit2' }>().notNull(),
    permissionExpiresAt: timestamptz('permission_expires_at').notNull(),
    state: text('state').$type<SubscriptionState>().notNull().default('active'),
    nextPeriod: integer('next_period').notNull().default(0),
    nextAt: timestamptz('next_at').notNull(),
    /** The last period whose coming charge the payer was told of by e-mail (once, across servers). */
    noticedPeriod: integer('noticed_period'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    stateChangedAt: timestamptz('state_changed_at').notNull().defaultNow(),
  },
  (table) => [
    index('subscriptions_plan_idx').on(table.planId),
    index('subscriptions_payee_idx').on(table.payee, table.createdAt),
    // The charger's question: which subscriptions have a period starting.
    index('subscriptions_due_idx')
      .on(table.nextAt)
      .where(sql`${table.state} in ('active', 'past_due')`),
  ],
)

/** One period of a subscription: its request (paid like any other) and the tries to charge it. */
/** The feed rounds a priced charge was quoted at, as `payment_values` keeps them (integers as decimal strings). */
export type ChargeQuote = {
  tokenFeed: string
  tokenRound: string
  tokenAnswer: string
  tokenFeedDecimals: number
  currencyFeed: string | null
  currencyRound: string | null
  currencyAnswer: string | null
  currencyFeedDecimals: number | null
}

export const subscriptionCharges = pgTable(
  'subscription_charges',
  {
    id: text('id').primaryKey(),
    subscriptionId: text('subscription_id').notNull(),
    payee: text('payee').notNull(),
    period: integer('period').notNull(),
    periodStart: timestamptz('period_start').notNull(),
    requestId: text('request_id').notNull(),
    amount: amount('amount').notNull(),
    state: text('state').$type<ChargeState>().notNull().default('due'),
    attempts: integer('attempts').notNull().default(0),
    nextTryAt: timestamptz('next_try_at').notNull(),
    /** A server charging it holds it until then; past it, another server takes it over. */
    claimedUntil: timestamptz('claimed_until'),
    relayId: text('relay_id'),
    /** Why the last try could not charge: a code (`ChargeReasonCode`), said in each reader's language, and its parameters. */
    reasonCode: text('reason_code').$type<ChargeReasonCode>(),
    reasonParams: jsonb('reason_params').$type<ChargeReason['params']>(),
    /** A priced plan's period: its price (currency minor units) and the feed rounds `amount` was quoted at. */
    currency: text('currency'),
    price: amount('price'),
    quote: jsonb('quote').$type<ChargeQuote>(),
    /** A priced plan's past-due period: its priced request, paid by hand at a quote of when the payer pays. */
    pricedRequestId: text('priced_request_id'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('subscription_charges_period_idx').on(table.subscriptionId, table.period),
    uniqueIndex('subscription_charges_request_idx').on(table.requestId),
    index('subscription_charges_due_idx')
      .on(table.nextTryAt)
      .where(sql`${table.state} in ('due', 'charging', 'past_due')`),
  ],
)

/** A payout: many transfers a payee's wallet sends in one confirmation, each line with its own reference. */
export const payouts = pgTable(
  'payouts',
  {
    id: text('id').primaryKey(),
    /** Who sends it: the signed-in payee. */
    payee: text('payee').notNull(),
    chainId: integer('chain_id').notNull(),
    /** The head when it was made: the watcher reads from there even when the chain has no request. */
    createdBlock: bigint('created_block', { mode: 'bigint' }).notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('payouts_payee_created_idx').on(table.payee, table.createdAt),
    // The watcher's list of payouts to look for on a chain: the recent ones.
    index('payouts_chain_created_idx').on(table.chainId, table.createdAt),
  ],
)

/**
 * One recipient of a payout. Prepared is not paid: the transfer columns are set only by the watcher,
 * from a transfer on chain carrying the line's reference from the payee (cleared if a reorg drops it).
 */
export const payoutLines = pgTable(
  'payout_lines',
  {
    id: text('id').primaryKey(),
    payoutId: text('payout_id')
      .notNull()
      .references(() => payouts.id),
    /** 1-based, as in the payee's file or form. */
    line: integer('line').notNull(),
    /** 'native' or the token's checksummed address. */
    asset: text('asset').notNull(),
    symbol: text('symbol').notNull(),
    decimals: integer('decimals').notNull(),
    toAddress: text('to_address').notNull(),
    amount: amount('amount').notNull(),
    note: text('note').notNull().default(''),
    reference: text('reference').notNull().unique(),
    txHash: text('tx_hash'),
    logIndex: integer('log_index'),
    blockNumber: bigint('block_number', { mode: 'bigint' }),
    blockHash: text('block_hash'),
    blockTime: timestamptz('block_time'),
  },
  (table) => [uniqueIndex('payout_lines_payout_line_unique').on(table.payoutId, table.line)],
)

/**
 * A payee's link for one payer: whoever holds it sees that payee's open requests made for that payer's
 * address (`payment_requests.payer`), to pay them together. One per payee and payer; the id is the secret.
 */
export const payerLists = pgTable(
  'payer_lists',
  {
    id: text('id').primaryKey(),
    payee: text('payee').notNull(),
    /** Checksummed, as requests store their payer. */
    payer: text('payer').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [uniqueIndex('payer_lists_payee_payer_idx').on(table.payee, table.payer)],
)

/**
 * A payee's USDC on its way from one chain to another with Circle's CCTP: the burn their wallet sent,
 * kept from the moment its hash is known until the mint on the destination is seen on chain, so a
 * reload or another browser can finish it.
 */
export const usdcMoves = pgTable(
  'usdc_moves',
  {
    id: text('id').primaryKey(),
    /** The signed-in wallet that burnt, and receives on the destination. */
    payee: text('payee').notNull(),
    sourceChainId: integer('source_chain_id').notNull(),
    destinationChainId: integer('destination_chain_id').notNull(),
    /** USDC base units (6 decimals). */
    amount: amount('amount').notNull(),
    burnTxHash: text('burn_tx_hash').notNull(),
    /**
     * The burn's place among the payee's burns in its transaction (0 for the first): a transaction
     * may burn several times (a batch), each its own message, attested and minted on its own.
     */
    burnIndex: integer('burn_index').notNull().default(0),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /** When the mint was seen on the destination (or the burn failed): nothing left to do. */
    finishedAt: timestamptz('finished_at'),
    /**
     * When the payee set aside a move that cannot finish (its burn failed, Iris will not attest it,
     * or it was not found on the chain): no longer listed, and kept so reading the chain's burns does
     * not bring it back, unless it was not found.
     */
    dismissedAt: timestamptz('dismissed_at'),
    /** The source chain's head when its transaction was first looked for there and had no receipt. */
    absentSinceBlock: bigint('absent_since_block', { mode: 'bigint' }),
    /**
     * When its transaction was read as never on the chain (no receipt long after it was first looked
     * for): not among the unfinished moves, and brought back if the chain shows it after all.
     */
    notFoundAt: timestamptz('not_found_at'),
  },
  (table) => [
    uniqueIndex('usdc_moves_source_burn_idx').on(table.sourceChainId, table.burnTxHash, table.burnIndex),
    index('usdc_moves_payee_created_idx').on(table.payee, table.createdAt),
  ],
)
