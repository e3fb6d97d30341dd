import type { Db } from '../../db/createDatabase.ts'
import { findPayeeEmail, requireEmailEnabled, setPayeeEmail } from '../../notifications/email/emailSettings.ts'
import type { Actor } from '../business/authorize.ts'
import { defineUseCase } from '../business/useCase.ts'
import { updatePayeeProfile } from './updatePayeeProfile.ts'

/** What payers see of the business on pay pages and receipts: its display name and website. */
export const updateProfile = defineUseCase({
  action: 'updateMyProfile',
  permission: 'settings:write',
  audited: () => null,
  run: (actor: Actor, { db }: { db: Db }, { displayName, website }: { displayName: string; website?: string | null }) =>
    updatePayeeProfile(db, actor.address, { displayName, website: website ?? '' }),
})

export const readEmail = defineUseCase({
  action: 'myEmail',
  permission: 'settings:read',
  run: async (actor: Actor, { db }: { db: Db }) => (await findPayeeEmail(db, actor.address)) ?? null,
})

/** Where the business hears of its requests; a new address gets a confirmation link first. */
export const setEmail = defineUseCase({
  action: 'setMyEmail',
  permission: 'settings:write',
  audited: () => null,
  run: (
    actor: Actor,
    { db, emailEnabled }: { db: Db; emailEnabled: boolean },
    input: { address: string; language: string; notices: readonly string[] },
  ) => {
    requireEmailEnabled(emailEnabled)
    return setPayeeEmail(db, actor.address, input)
  },
})
