import type { PublicClient } from 'viem'
import type { Db } from '../../db/createDatabase.ts'
import { badInput } from '../../domain/errors/input.ts'
import type { Asset } from '../../domain/paymentRequest.ts'
import { reportingCurrencyOf } from '../../payments/repository/payeeSettings.ts'
import type { SecretBox } from '../../secrets/secretBox.ts'
import type { ApiKeyRow } from '../apiKeys.ts'
import type { Actor } from '../business/authorize.ts'
import { memberSigner, ownerSignature } from '../business/delegationSigner.ts'
import { requireMemberDelegate } from '../business/memberDelegate.ts'
import { signingKeyOf } from '../business/signingKey.ts'
import { defineUseCase } from '../business/useCase.ts'
import { changePlan, type PlanChange } from './changePlan.ts'
import {
  activateDelegatedPlan,
  activatePlan,
  verifyPlanSignature,
  createKeyPlan,
  listPlans,
  ownPlan,
  prepareDelegatedPlan,
  preparePlan,
  type PlanInput,
} from './planStore.ts'
import { subscriberFigures } from './subscriberFigures.ts'
import { changeSubscription, listSubscriptions, ownSubscription } from './subscriptionStore.ts'

// Plans and their subscribers, the payee's side: read with schedules:read, changed with schedules:manage.

type PlanServices = { db: Db; assets: readonly Asset[] }

export const listPlansOf = defineUseCase({
  action: 'myPlans',
  permission: 'schedules:read',
  run: (actor: Actor, { db }: { db: Db }) => listPlans(db, actor.address),
})

export const readPlanOf = defineUseCase({
  action: 'plan',
  permission: 'schedules:read',
  run: (actor: Actor, { db }: { db: Db }, { id }: { id: string }) => ownPlan(db, actor.address, id),
})

/**
 * Step one: the plan checked. The owner's gets its own delegate, for the business's wallet to sign
 * the delegation; a member's is signed for by the members' delegate the owner authorised, as a
 * member's requests are, so the member's wallet signs nothing (`walletSigns` false).
 */
export const preparePlanOf = defineUseCase({
  action: 'preparePlan',
  permission: 'schedules:manage',
  audited: (_, { plan }) => plan.id,
  run: async (
    actor: Actor,
    { db, assets, delegateKeys }: PlanServices & { delegateKeys: SecretBox },
    input: PlanInput,
  ) => {
    if (actor.role === 'owner')
      return { ...(await preparePlan(db, delegateKeys, assets, actor.address, input)), walletSigns: true }
    const key = await requireMemberDelegate(db, actor.address, 'delegationSignature')
    return { plan: await prepareDelegatedPlan(db, assets, key, input), key, walletSigns: false }
  },
})

/** Step two: with the delegation signed (or, for a member, the members' delegate working), payers may start the plan from its link. */
export const createPlanOf = defineUseCase({
  action: 'createPlan',
  permission: 'schedules:manage',
  audited: ({ id }) => id,
  prepare: async (
    actor: Actor,
    { db, delegationClient }: { db: Db; delegationClient: PublicClient },
    { id, delegationSignature }: { id: string; delegationSignature?: string | null | undefined },
  ) =>
    actor.role === 'owner'
      ? verifyPlanSignature(db, delegationClient, actor.address, id, ownerSignature(delegationSignature, 'plan'))
      : undefined,
  run: async (actor, { db }, { id, delegationSignature }, signed) =>
    signed
      ? activatePlan(db, signed, ownerSignature(delegationSignature, 'plan'))
      : activateDelegatedPlan(db, await memberSigner(db, actor, delegationSignature), id),
})

/** A plan a merchant's server makes in one step, signed for by its key's delegate (already authorised; a member's key's, the members' delegate). */
export const createKeyPlanOf = defineUseCase({
  action: 'createPlan',
  permission: 'schedules:manage',
  audited: (_, made) => made.id,
  run: async (actor: Actor, { db, assets }: PlanServices, { key, input }: { key: ApiKeyRow; input: PlanInput }) =>
    createKeyPlan(db, assets, await signingKeyOf(db, key), input),
})

/** A plan's new terms from each subscription's next period on, or the plan archived. */
export const changePlanOf = defineUseCase({
  action: 'changePlan',
  permission: 'schedules:manage',
  audited: ({ id }) => id,
  run: (actor: Actor, { db, assets }: PlanServices, { id, change }: { id: string; change: PlanChange }) =>
    changePlan(db, assets, actor.address, id, change),
})

export const listSubscribersOf = defineUseCase({
  action: 'mySubscribers',
  permission: 'schedules:read',
  run: (actor: Actor, { db }: { db: Db }, { planId }: { planId?: string | undefined }) =>
    listSubscriptions(db, actor.address, planId),
})

export const readSubscriberOf = defineUseCase({
  action: 'subscriber',
  permission: 'schedules:read',
  run: (actor: Actor, { db }: { db: Db }, { id }: { id: string }) => ownSubscription(db, actor.address, id),
})

/** Recurring revenue (in the books currency when one is set) and churn. */
export const subscriberFiguresOf = defineUseCase({
  action: 'mySubscriberFigures',
  permission: 'schedules:read',
  run: async (actor: Actor, { db }: { db: Db }) =>
    subscriberFigures(db, actor.address, await reportingCurrencyOf(db, actor.address), new Date()),
})

/** The payee cancels (no period is charged again), pauses or resumes a subscription. */
export const changeSubscriberOf = defineUseCase({
  action: 'changeSubscriber',
  permission: 'schedules:manage',
  audited: ({ id }) => id,
  run: (actor: Actor, { db }: { db: Db }, { id, change }: { id: string; change: string }) => {
    if (change !== 'cancel' && change !== 'pause' && change !== 'resume')
      throw badInput('change', 'must be cancel, pause or resume.')
    return changeSubscription(db, actor.address, id, change)
  },
})
