import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm'
import { getAddress, type Address, type PublicClient } from 'viem'
import type { Db } from '../../db/createDatabase.ts'
import { subscriptionPlans } from '../../db/schema.ts'
import { checkPaymentRequestDraft, type Asset } from '../../domain/paymentRequest.ts'
import { checkPriceDraft } from '../../domain/pricedRequest.ts'
import { pricedCurrencies } from '../../payments/quotes/quotePrice.ts'
import { checkPlanDraft, type PlanDraft } from '../../domain/subscription/planDraft.ts'
import { isShortId, newShortId } from '../../domain/shortId.ts'
import { activateDelegation, createLinkKey, verifyDelegation, type ApiKeyRow } from '../apiKeys.ts'
import { assertDelegationUsable } from '../merchantRequest.ts'
import type { SecretBox } from '../../secrets/secretBox.ts'
import { NotFoundError } from '../../domain/errors/access.ts'
import { fieldErrors } from '../../domain/errors/input.ts'

export type PlanRow = typeof subscriptionPlans.$inferSelect

/**
 * A plan as typed: its charge (a decimal amount of a token, or a price in a currency paid in the
 * token, with a tolerance in percent for the permission's cap) and its cadence.
 */
export type PlanInput = PlanDraft & {
  chainId: number
  asset: string
  amount?: string | null
  currency?: string | null
  price?: string | null
  tolerance?: string | null
}

const DAY_MS = 86_400_000
/** A plan's delegate signs each period's request for as long as API keys may last: five years. */
const PLAN_DELEGATION_DAYS = 5 * 365

/** Every rule of a plan, its charge's and its cadence's, each problem naming its field; nothing stored. */
export function checkPlanInput(input: PlanInput, assets: readonly Asset[], payee: Address, now: Date) {
  const cadence = checkPlanDraft(input, now)
  const priced = Boolean(input.currency?.trim())
  const charge = checkPaymentRequestDraft(
    {
      chainId: String(input.chainId),
      asset: input.asset,
      // A priced plan's token amount is quoted at each charge: only its token is checked here.
      amount: priced ? '1' : (input.amount ?? ''),
      payer: '',
      memo: input.name.slice(0, 120),
      dueAt: new Date(now.getTime() + DAY_MS).toISOString(),
    },
    { assets, payee, now },
  )
  const native = charge.ok && charge.terms.asset === 'native'
  const price = priced
    ? checkPriceDraft(
        {
          currency: input.currency ?? '',
          price: input.price ?? '',
          acceptedAssets: [input.asset],
          tolerance: input.tolerance ?? '',
        },
        { quotable: assets.filter((a) => a.chainId === input.chainId), currencies: pricedCurrencies(input.chainId) },
      )
    : undefined
  const both = priced && Boolean(input.amount?.trim())
  if (!cadence.ok || !charge.ok || native || (price && !price.ok) || both)
    throw fieldErrors({
      ...(charge.ok ? {} : charge.errors),
      ...(price && !price.ok ? price.errors : {}),
      ...(both ? { amount: 'amount must be left out of a plan priced in a currency: each charge is quoted.' } : {}),
      ...(native ? { asset: 'asset must be a token: a permission caps a token per period, not the native coin.' } : {}),
      ...(cadence.ok ? {} : cadence.errors),
    })
  const terms = price?.ok
    ? {
        ...charge.terms,
        amount: 0n,
        currency: price.terms.currency,
        price: price.terms.price,
        toleranceBps: price.terms.toleranceBps,
      }
    : { ...charge.terms, currency: null, price: null, toleranceBps: 0 }
  return { cadence: cadence.plan, terms }
}

/** A plan a merchant's server makes: its API key's delegate, which the payee's wallet authorised already, signs each period. */
export async function createKeyPlan(
  db: Db,
  assets: readonly Asset[],
  key: ApiKeyRow,
  input: PlanInput,
  now = new Date(),
) {
  assertDelegationUsable(key)
  const { cadence, terms } = checkPlanInput(input, assets, key.payee as Address, now)
  return insertPlan(db, key.payee as Address, key.id, cadence, terms, now)
}

/** Step one: the plan and its delegate, waiting for the payee's wallet to sign the delegation. */
export async function preparePlan(
  db: Db,
  box: SecretBox,
  assets: readonly Asset[],
  payee: Address,
  input: PlanInput,
  now = new Date(),
): Promise<{ plan: PlanRow; key: ApiKeyRow }> {
  const { cadence, terms } = checkPlanInput(input, assets, payee, now)
  const key = await createLinkKey(db, box, payee, {
    name: `Plan: ${cadence.name}`,
    expiresAt: new Date(now.getTime() + PLAN_DELEGATION_DAYS * DAY_MS),
  })
  return { plan: await insertPlan(db, payee, key.id, cadence, terms, null), key }
}

/**
 * Step one for a member: the plan, to be signed for by the members' delegate the owner authorised
 * (`key`), so the member's wallet signs nothing; payers may start it once the member confirms it.
 */
export async function prepareDelegatedPlan(
  db: Db,
  assets: readonly Asset[],
  key: ApiKeyRow,
  input: PlanInput,
  now = new Date(),
): Promise<PlanRow> {
  assertDelegationUsable(key)
  const { cadence, terms } = checkPlanInput(input, assets, key.payee as Address, now)
  return insertPlan(db, key.payee as Address, key.id, cadence, terms, null)
}

async function insertPlan(
  db: Db,
  payee: Address,
  apiKeyId: string,
  cadence: ReturnType<typeof checkPlanInput>['cadence'],
  terms: ReturnType<typeof checkPlanInput>['terms'],
  activatedAt: Date | null,
): Promise<PlanRow> {
  const [plan] = await db
    .insert(subscriptionPlans)
    .values({
      id: newShortId(),
      payee: getAddress(payee),
      apiKeyId,
      activatedAt,
      chainId: terms.chainId,
      asset: terms.asset,
      amount: terms.amount.toString(),
      currency: terms.currency,
      price: terms.price?.toString() ?? null,
      toleranceBps: terms.toleranceBps,
      ...cadence,
    })
    .returning()
  return plan!
}

/** Step two, before the change's transaction: the plan's delegation is signed by the payee (on chain for a contract wallet). */
export async function verifyPlanSignature(
  db: Db,
  client: PublicClient,
  payee: Address,
  id: string,
  signature: string,
): Promise<PlanRow> {
  const plan = await ownPlan(db, payee, id)
  await verifyDelegation(db, client, payee, plan.apiKeyId, signature)
  return plan
}

/** Step two, in the change's transaction: with the delegation signed and checked, payers may start the plan from its link. */
export async function activatePlan(db: Db, { id, apiKeyId }: PlanRow, signature: string) {
  await activateDelegation(db, apiKeyId, signature)
  const [row] = await db
    .update(subscriptionPlans)
    .set({ activatedAt: new Date() })
    .where(eq(subscriptionPlans.id, id))
    .returning()
  return row!
}

/** Step two for a member: the plan opens, signed for by the members' delegate working now (`key`). */
export async function activateDelegatedPlan(db: Db, key: ApiKeyRow, id: string) {
  const plan = await ownPlan(db, key.payee as Address, id)
  if (plan.activatedAt) return plan
  const [row] = await db
    .update(subscriptionPlans)
    .set({ apiKeyId: key.id, activatedAt: new Date() })
    .where(eq(subscriptionPlans.id, id))
    .returning()
  return row!
}

export async function ownPlan(db: Db, payee: Address, id: string): Promise<PlanRow> {
  const [row] = isShortId(id)
    ? await db
        .select()
        .from(subscriptionPlans)
        .where(and(eq(subscriptionPlans.id, id), eq(subscriptionPlans.payee, getAddress(payee))))
    : []
  if (!row) throw new NotFoundError({ field: 'id', shortMessage: 'You have no plan with this id.' })
  return row
}

/** A plan a payer may start from its link: authorised by the payee's wallet and not archived. */
export async function findOpenPlan(db: Db, id: string): Promise<PlanRow | undefined> {
  if (!isShortId(id)) return undefined
  const [row] = await db
    .select()
    .from(subscriptionPlans)
    .where(
      and(eq(subscriptionPlans.id, id), isNotNull(subscriptionPlans.activatedAt), isNull(subscriptionPlans.archivedAt)),
    )
  return row
}

/** A payee's authorised plans, newest first. */
export function listPlans(db: Db, payee: Address): Promise<PlanRow[]> {
  return db
    .select()
    .from(subscriptionPlans)
    .where(and(eq(subscriptionPlans.payee, getAddress(payee)), isNotNull(subscriptionPlans.activatedAt)))
    .orderBy(desc(subscriptionPlans.createdAt))
}
