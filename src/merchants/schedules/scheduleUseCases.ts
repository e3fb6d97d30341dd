import { isAddressEqual, type Address, type PublicClient } from 'viem'
import type { Db } from '../../db/createDatabase.ts'
import type { Asset } from '../../domain/paymentRequest.ts'
import type { SecretBox } from '../../secrets/secretBox.ts'
import type { ApiKeyRow } from '../apiKeys.ts'
import type { Actor } from '../business/authorize.ts'
import { memberSigner, ownerSignature } from '../business/delegationSigner.ts'
import { requireMemberDelegate } from '../business/memberDelegate.ts'
import { signingKeyOf } from '../business/signingKey.ts'
import { defineUseCase } from '../business/useCase.ts'
import { issueBegunPeriods } from './issueBegunPeriods.ts'
import type { ScheduleIssuerOptions } from './issueDuePeriods.ts'
import {
  activateDelegatedSchedule,
  activateSchedule,
  changeSchedule,
  createKeySchedule,
  listSchedules,
  ownSchedule,
  periodRequests,
  prepareDelegatedSchedule,
  prepareSchedule,
  verifyScheduleSignature,
  type ScheduleInput,
  type ScheduleRow,
} from './scheduleStore.ts'

/** What issues a schedule's periods as it starts: the database, the delegates' signatures, the chains. */
export type ScheduleIssuingServices = Omit<ScheduleIssuerOptions, 'scheduleId' | 'now'>

export const listSchedulesOf = defineUseCase({
  action: 'mySchedules',
  permission: 'schedules:read',
  run: (actor: Actor, { db }: { db: Db }) => listSchedules(db, actor.address),
})

export const readScheduleOf = defineUseCase({
  action: 'schedule',
  permission: 'schedules:read',
  run: (actor: Actor, { db }: { db: Db }, { id }: { id: string }) => ownSchedule(db, actor.address, id),
})

/** A schedule's payer e-mail, for its own business alone (anyone may open the schedule's link). */
export const readSchedulePayerEmail = defineUseCase({
  action: 'schedulePayerEmail',
  permission: 'schedules:read',
  run: async (actor: Actor, _: { db: Db }, { schedule }: { schedule: ScheduleRow }) =>
    isAddressEqual(actor.address, schedule.payee as Address) ? schedule.payerEmail : null,
})

/** Each period's request of a schedule, the first first, for its own business alone. */
export const readSchedulePeriods = defineUseCase({
  action: 'schedulePeriods',
  permission: 'schedules:read',
  run: async (actor: Actor, { db }: { db: Db }, { schedule }: { schedule: ScheduleRow }) =>
    isAddressEqual(actor.address, schedule.payee as Address)
      ? ((await periodRequests(db, [schedule.id])).get(schedule.id) ?? [])
      : [],
})

/**
 * Step one: the schedule checked. The owner's gets its own delegate, for the business's wallet to
 * sign the delegation; a member's is signed by the members' delegate the owner authorised, as a
 * member's requests are, so the member's wallet signs nothing (`walletSigns` false).
 */
export const prepareScheduleOf = defineUseCase({
  action: 'prepareSchedule',
  permission: 'schedules:manage',
  audited: (_, { schedule }) => schedule.id,
  run: async (
    actor: Actor,
    { db, delegateKeys, assets }: { db: Db; delegateKeys: SecretBox; assets: readonly Asset[] },
    input: ScheduleInput,
  ) => {
    if (actor.role === 'owner')
      return { ...(await prepareSchedule(db, delegateKeys, assets, actor.address, input)), walletSigns: true }
    const key = await requireMemberDelegate(db, actor.address, 'delegationSignature')
    return { schedule: await prepareDelegatedSchedule(db, assets, key, input), key, walletSigns: false }
  },
})

/**
 * Step two: with the delegation signed (or, for a member, the members' delegate working), the
 * schedule runs; once that is committed, the periods already begun are issued, each in the issuer's
 * own transaction (a period's request is signed with the chain's head).
 */
export const createScheduleOf = defineUseCase({
  action: 'createSchedule',
  permission: 'schedules:manage',
  audited: ({ id }) => id,
  prepare: async (
    actor: Actor,
    { db, delegationClient }: ScheduleIssuingServices & { delegationClient: PublicClient },
    { id, delegationSignature }: { id: string; delegationSignature?: string | null | undefined },
  ) =>
    actor.role === 'owner'
      ? verifyScheduleSignature(
          db,
          delegationClient,
          actor.address,
          id,
          ownerSignature(delegationSignature, 'schedule'),
        )
      : undefined,
  run: async (actor, { db }, { id, delegationSignature }, signed) =>
    signed
      ? activateSchedule(db, signed, ownerSignature(delegationSignature, 'schedule'))
      : activateDelegatedSchedule(db, await memberSigner(db, actor, delegationSignature), id),
  afterCommit: (actor, { delegationClient: _, ...issuing }, __, schedule) =>
    issueBegunPeriods(issuing, actor.address, schedule),
})

/** A schedule a merchant's server makes in one step, signed by its key's delegate (already authorised; a member's key's, the members' delegate). */
export const createKeyScheduleOf = defineUseCase({
  action: 'createSchedule',
  permission: 'schedules:manage',
  audited: (_, made) => made.id,
  run: async (
    _: Actor,
    { db, assets }: ScheduleIssuingServices,
    { key, input }: { key: ApiKeyRow; input: ScheduleInput },
  ) => createKeySchedule(db, assets, await signingKeyOf(db, key), input),
  afterCommit: (actor, services, _, schedule) => issueBegunPeriods(services, actor.address, schedule),
})

const changing = (change: 'pause' | 'resume' | 'stop') =>
  defineUseCase({
    action: `${change}Schedule`,
    permission: 'schedules:manage',
    audited: ({ id }) => id,
    run: (actor: Actor, { db }: { db: Db }, { id }: { id: string }) => changeSchedule(db, actor.address, id, change),
  })

/** No period is issued while paused; periods that begin meanwhile are skipped. */
export const pauseScheduleOf = changing('pause')
/** Issues again from the next period to begin. */
export const resumeScheduleOf = changing('resume')
/** Stops for good; the requests issued stay payable. */
export const stopScheduleOf = changing('stop')
