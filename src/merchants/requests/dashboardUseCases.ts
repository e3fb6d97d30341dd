import type { Db } from '../../db/createDatabase.ts'
import { checkRequestFilter, type RawRequestFilter } from '../../payments/requestFilter.ts'
import { outstandingTotals, receivedByDay, receivedTotals } from '../../payments/repository/requestListing.ts'
import type { Actor } from '../business/authorize.ts'
import { defineUseCase } from '../business/useCase.ts'

type Filtered = { filter?: RawRequestFilter | null }

/** The dashboard's figures of the business's requests; the filter is checked once the actor may read them. */
export const readOutstandingTotals = defineUseCase({
  action: 'myOutstandingTotals',
  permission: 'requests:read',
  run: (actor: Actor, { db }: { db: Db }, { filter }: Filtered) =>
    outstandingTotals(db, actor.address, checkRequestFilter(filter ?? {})),
})

export const readReceivedTotals = defineUseCase({
  action: 'myReceivedTotals',
  permission: 'requests:read',
  run: (actor: Actor, { db }: { db: Db }, { filter }: Filtered) =>
    receivedTotals(db, actor.address, checkRequestFilter(filter ?? {})),
})

export const readReceivedByDay = defineUseCase({
  action: 'myReceivedByDay',
  permission: 'requests:read',
  run: (actor: Actor, { db }: { db: Db }, { filter }: Filtered) =>
    receivedByDay(db, actor.address, checkRequestFilter(filter ?? {})),
})
