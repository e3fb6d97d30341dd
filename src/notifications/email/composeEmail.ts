import { eq } from 'drizzle-orm'
import { getAddress } from 'viem'
import type { Db } from '../../db/createDatabase.ts'
import {
  emailOutbox,
  payeeProfiles,
  paymentRequests,
  subscriptionPlans,
  subscriptions,
  unmatchedTransfers,
} from '../../db/schema.ts'
import { chainNameOf } from '../../chain/chains.ts'
import { groupUnits, roundForReading } from '../../domain/amount.ts'
import { plural } from '../../i18n/plural.ts'
import { emailCatalog } from './emailCatalog.ts'
import { matchLocale } from '../../domain/locales.ts'
import type { Asset } from '../../domain/paymentRequest.ts'
import { subscriptionPeriodStart } from '../../domain/subscription/subscriptionCalendar.ts'
import { listPaymentsOf, type PaymentRequestRow } from '../../payments/repository/paymentRequests.ts'
import { isRefused } from './emailConsent.ts'
import type { EmailTokens } from './emailTokens.ts'
import { findPayeeEmail } from './emailSettings.ts'
import { PAYEE_NOTICES, renderEmail, type EmailKind, type RenderedEmail } from './renderEmail.ts'

type OutboxRow = typeof emailOutbox.$inferSelect

export type ComposedEmail = RenderedEmail & { to: string; unsubscribeLink: string }

export type ComposeContext = { db: Db; tokens: EmailTokens; publicUrl: string; assets: readonly Asset[] }

/** Why an e-mail is not sent after all: nobody (now) wants it. */
export class NoRecipient {
  constructor(readonly reason: string) {}
}

/**
 * An outbox row made into the e-mail to send, as things are now: a payee's notice goes to their
 * confirmed address if they still want that kind; nothing of any kind goes to an address that
 * refused all e-mail. Every e-mail carries the link with which its recipient refuses.
 */
export async function composeEmail(ctx: ComposeContext, row: OutboxRow): Promise<ComposedEmail | NoRecipient> {
  const kind = row.kind as EmailKind
  const payeeNotice = (PAYEE_NOTICES as readonly string[]).includes(kind)
  const recipient = payeeNotice
    ? await payeeRecipient(ctx.db, row)
    : { address: row.toAddress!, language: row.language }
  if (recipient instanceof NoRecipient) return recipient
  if (await isRefused(ctx.db, recipient.address)) return new NoRecipient('the address refused all e-mail')
  if (kind === 'subscription_coming' && !(await stillCharged(ctx.db, row)))
    return new NoRecipient('the subscription is no longer charged')
  const language = matchLocale([recipient.language])
  const url = (path: string) => new URL(path, ctx.publicUrl).href
  const unsubscribeLink = url(`/email/unsubscribe?token=${ctx.tokens.unsubscribeToken(recipient.address, language)}`)
  const { facts, parts, link } = await factsOf(ctx, row, kind, language)
  const rendered = renderEmail({
    kind,
    language,
    facts,
    parts,
    link:
      kind === 'confirm'
        ? url(`/email/confirm?token=${ctx.tokens.confirmToken(row.payee!, recipient.address, language)}`)
        : url(link),
    audience: kind === 'confirm' ? 'anyone' : payeeNotice ? 'payee' : 'payer',
    site: new URL(ctx.publicUrl).host,
    unsubscribeLink,
  })
  return { ...rendered, to: recipient.address, unsubscribeLink }
}

/** A relayer's balance rounded for reading and its payments left in words, as the language counts them. */
function relayerLowFacts(payload: Record<string, string>, language: string): Record<string, string> {
  const relays = BigInt(payload.relays ?? '0')
  const enough = plural(language, relays, emailCatalog(language).relayer_low.enough)
  return {
    chain: payload.chain ?? '',
    symbol: payload.symbol ?? '',
    balance: roundForReading(BigInt(payload.balance ?? '0'), Number(payload.decimals ?? 18), language).text,
    enough: enough.replace('{relays}', new Intl.NumberFormat(language).format(relays)),
  }
}

async function payeeRecipient(db: Db, row: OutboxRow) {
  const email = await findPayeeEmail(db, getAddress(row.payee!))
  if (!email?.confirmedAt) return new NoRecipient('the payee has no confirmed address')
  if (!email.notices.includes(row.kind)) return new NoRecipient(`the payee no longer wants ${row.kind} notices`)
  return { address: email.address, language: email.language }
}

/** What the message says (amounts in the language's way) and the Billfold page it links to. */
async function factsOf(
  ctx: ComposeContext,
  row: OutboxRow,
  kind: EmailKind,
  language: string,
): Promise<{ facts: Record<string, string>; parts?: Record<string, string>[] | undefined; link: string }> {
  const payload = (row.payload ?? {}) as Record<string, string>
  if (kind === 'confirm') return { facts: {}, link: '' }
  if (kind === 'webhook_failing') return { facts: { url: payload.url ?? '' }, link: '/developers' }
  if (kind === 'relayer_low') return { facts: relayerLowFacts(payload, language), link: '/settings' }
  if (kind === 'relayer_paused') return { facts: payload, link: '/settings' }
  if (kind === 'unmatched') {
    const [t] = await ctx.db.select().from(unmatchedTransfers).where(eq(unmatchedTransfers.id, payload.transferId!))
    const asset = ctx.assets.find((a) => a.chainId === t!.chainId && a.address === t!.asset)
    const amount = groupUnits(BigInt(t!.amount), asset?.decimals ?? 18, language, asset?.symbol)
    return { facts: { amount, symbol: asset?.symbol ?? '', from: t!.fromAddress }, link: '/unmatched' }
  }
  if (kind === 'subscription_coming') return comingChargeFacts(ctx, payload, language)
  const [request] = await ctx.db.select().from(paymentRequests).where(eq(paymentRequests.id, row.requestId!))
  const r = request!
  const money = (units: string | bigint) => groupUnits(BigInt(units), r.decimals, language, r.symbol)
  const facts = {
    amount: money(r.amount),
    received: money(r.received),
    symbol: r.symbol,
    memo: r.memo,
    payee: await payeeName(ctx.db, r.payee),
    due: longDate(r.dueAt, language),
  }
  if (kind === 'refunded')
    return {
      facts: { ...facts, amount: money(payload.amount!), to: payload.to!, tx: payload.txHash! },
      link: `/requests/${r.id}`,
    }
  if (kind === 'receipt') return { facts, parts: await partsOnChains(ctx.db, r, money), link: `/receipts/${r.id}` }
  if (kind === 'scheduled' || kind === 'subscription_past_due') return { facts, link: `/pay/${r.id}` }
  return { facts, link: `/requests/${r.id}` }
}

/**
 * Each payment of a request paid on another chain than its own, or on several, with its chain and
 * transaction; none when every one came on its own chain (the receipt then reads as one of a single
 * chain) or for a priced request (paid through its quotes' requests).
 */
async function partsOnChains(db: Db, r: PaymentRequestRow, money: (units: string) => string) {
  if (r.currency !== null) return undefined
  const paid = await listPaymentsOf(db, [r.id])
  if (paid.every((p) => p.chainId === r.chainId)) return undefined
  return paid.map((p) => ({ amount: money(p.amount), symbol: r.symbol, chain: chainNameOf(p.chainId), tx: p.txHash }))
}

const longDate = (at: Date, language: string) =>
  `${new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(at)} (UTC)`

/** The payee as a payer reads it: their display name with the address, or the address. */
async function payeeName(db: Db, payee: string) {
  const [profile] = await db
    .select()
    .from(payeeProfiles)
    .where(eq(payeeProfiles.address, getAddress(payee)))
  return profile ? `${profile.displayName} (${payee})` : payee
}

/** Whether a coming charge's subscription is still charged: one cancelled or paused since it was queued takes nothing. */
async function stillCharged(db: Db, row: OutboxRow) {
  const { subscriptionId } = (row.payload ?? {}) as Record<string, string>
  const [found] = await db
    .select({ state: subscriptions.state })
    .from(subscriptions)
    .where(eq(subscriptions.id, subscriptionId ?? ''))
  return found?.state === 'active' || found?.state === 'past_due'
}

/** A coming charge: the plan's amount now (a change of plan applies from the next period), its day, and the payer's page. */
async function comingChargeFacts(ctx: ComposeContext, payload: Record<string, string>, language: string) {
  const [found] = await ctx.db
    .select()
    .from(subscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
    .where(eq(subscriptions.id, payload.subscriptionId!))
  const { subscriptions: subscription, subscription_plans: plan } = found!
  const asset = ctx.assets.find((a) => a.chainId === subscription.chainId && a.address === subscription.asset)
  return {
    facts: {
      amount: groupUnits(BigInt(plan.amount), asset?.decimals ?? 18, language, asset?.symbol),
      symbol: asset?.symbol ?? '',
      plan: plan.name,
      payee: await payeeName(ctx.db, subscription.payee),
      date: longDate(subscriptionPeriodStart(subscription, Number(payload.period)), language),
    },
    link: `/subscriptions/${subscription.id}`,
  }
}
