import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import { getAddress, type Address, type PublicClient } from 'viem'
import type { Db } from '../db/createDatabase.ts'
import { apiKeys, paymentLinks } from '../db/schema.ts'
import { DEFAULT_DELEGATION_DAYS } from '../domain/delegation.ts'
import type { Asset } from '../domain/paymentRequest.ts'
import { isShortId, newShortId } from '../domain/shortId.ts'
import type { SecretBox } from '../secrets/secretBox.ts'
import { receivedByIssuingKey } from '../payments/repository/requestListing.ts'
import { activateDelegation, createLinkKey, verifyDelegation, type ApiKeyRow } from './apiKeys.ts'
import { checkLinkDraft, checkPricedLinkDraft, type PaymentLinkDraft } from './paymentLinkDraft.ts'
import { NotFoundError } from '../domain/errors/access.ts'

export type { PaymentLinkDraft }

export type PaymentLinkRow = typeof paymentLinks.$inferSelect

/** Step one: the link and its delegate, waiting for the payee's signature of the delegation. */
export async function preparePaymentLink(
  db: Db,
  box: SecretBox,
  assets: readonly Asset[],
  payee: Address,
  draft: PaymentLinkDraft,
  quotable: readonly Asset[] = [],
) {
  const priced = draft.currency ? checkPricedLinkDraft(draft, assets, quotable) : undefined
  const terms = priced ? undefined : checkLinkDraft(draft, assets)
  const title = priced?.title ?? terms!.title
  const key = await createLinkKey(db, box, payee, {
    name: title,
    expiresAt: new Date(Date.now() + DEFAULT_DELEGATION_DAYS * 86_400_000),
  })
  const [link] = await db
    .insert(paymentLinks)
    .values({
      id: newShortId(),
      payee: getAddress(payee),
      apiKeyId: key.id,
      title,
      chainId: priced?.chainId ?? terms!.chainId,
      asset: priced?.currency ?? terms!.asset,
      amount: (priced?.price ?? terms!.amount)?.toString() ?? null,
      minAmount: terms?.min?.toString() ?? null,
      maxAmount: terms?.max?.toString() ?? null,
      memo: priced?.memo ?? terms!.memo,
      currency: priced?.currency ?? null,
      acceptedAssets: priced ? [...priced.acceptedAssets] : null,
      toleranceBps: priced?.toleranceBps ?? null,
    })
    .returning()
  return { link: link!, key }
}

/** Step two, before the change's transaction: the link's delegation is signed by the payee (on chain for a contract wallet). */
export async function verifyPaymentLinkSignature(
  db: Db,
  client: PublicClient,
  payee: Address,
  id: string,
  signature: string,
): Promise<PaymentLinkRow> {
  const link = await ownLink(db, payee, id)
  await verifyDelegation(db, client, payee, link.apiKeyId, signature)
  return link
}

/** Step two, in the change's transaction: with the delegation signed and checked, the link works. */
export async function activatePaymentLink(db: Db, link: PaymentLinkRow, signature: string): Promise<PaymentLinkRow> {
  await activateDelegation(db, link.apiKeyId, signature)
  return link
}

async function ownLink(db: Db, payee: Address, id: string): Promise<PaymentLinkRow> {
  const [link] = isShortId(id)
    ? await db
        .select()
        .from(paymentLinks)
        .where(and(eq(paymentLinks.id, id), eq(paymentLinks.payee, getAddress(payee))))
    : []
  if (!link) throw new NotFoundError({ field: 'id', shortMessage: 'You have no payment link with this id.' })
  return link
}

/** A link anyone may use: activated, not disabled, its key not revoked. */
export async function findUsableLink(
  db: Db,
  id: string,
): Promise<{ link: PaymentLinkRow; key: ApiKeyRow } | undefined> {
  if (!isShortId(id)) return undefined
  const [found] = await db
    .select({ link: paymentLinks, key: apiKeys })
    .from(paymentLinks)
    .innerJoin(apiKeys, eq(apiKeys.id, paymentLinks.apiKeyId))
    .where(
      and(
        eq(paymentLinks.id, id),
        sql`${paymentLinks.disabledAt} is null`,
        isNotNull(apiKeys.activatedAt),
        sql`${apiKeys.revokedAt} is null`,
      ),
    )
  return found
}

export const linkNotFound = () =>
  new NotFoundError({
    field: 'id',
    shortMessage: 'This payment link does not exist or was turned off by the payee.',
  })

/** A payee's links, newest first, each with what it has collected (received on the requests it made). */
export async function listPaymentLinks(db: Db, payee: Address) {
  const links = await db
    .select()
    .from(paymentLinks)
    .where(eq(paymentLinks.payee, getAddress(payee)))
    .orderBy(desc(paymentLinks.createdAt))
  if (links.length === 0) return []
  const totals = await receivedByIssuingKey(
    db,
    links.map((l) => l.apiKeyId),
  )
  const keys = await db
    .select({ id: apiKeys.id, activatedAt: apiKeys.activatedAt })
    .from(apiKeys)
    .where(
      inArray(
        apiKeys.id,
        links.map((l) => l.apiKeyId),
      ),
    )
  return links
    .filter((l) => keys.find((k) => k.id === l.apiKeyId)?.activatedAt)
    .map((l) => {
      const total = totals.find((t) => t.keyId === l.apiKeyId)
      return { ...l, received: BigInt(total?.received ?? '0'), paidRequests: total?.paid ?? 0 }
    })
}

/** Turns a link off: visits make no more requests; requests it made stay payable. */
export async function disablePaymentLink(db: Db, payee: Address, id: string): Promise<PaymentLinkRow> {
  const link = await ownLink(db, payee, id)
  return db.transaction(async (tx) => {
    await tx
      .update(apiKeys)
      .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, now())` })
      .where(eq(apiKeys.id, link.apiKeyId))
    const [row] = await tx
      .update(paymentLinks)
      .set({ disabledAt: new Date() })
      .where(eq(paymentLinks.id, id))
      .returning()
    return row!
  })
}

/** The title of the payment link a key belongs to: the product a payer came to pay for; undefined for other keys. */
export async function linkTitleOfKey(db: Db, keyId: string): Promise<string | undefined> {
  const [link] = await db
    .select({ title: paymentLinks.title })
    .from(paymentLinks)
    .where(eq(paymentLinks.apiKeyId, keyId))
  return link?.title
}
