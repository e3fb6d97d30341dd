import { ROLE_PERMISSIONS } from '../../../domain/permissions.ts'
import { listSessions, type Session } from '../../../merchants/sessions/sessions.ts'
import { builder } from '../builder.ts'

export const Viewer = builder.objectRef<Session>('Viewer').implement({
  description: 'The signed-in wallet and the business it acts for.',
  fields: (t) => ({
    address: t.exposeString('member', { description: 'Checksummed address that signed in.' }),
    business: t.exposeString('address', {
      description: 'The business it acts for (its payee address); its own unless it chose another.',
    }),
    role: t.exposeString('role', { description: 'Its role there: owner, admin, accountant, cashier or developer.' }),
    permissions: t.stringList({
      description: 'What the role may do there (src/domain/permissions.ts): the app hides the rest.',
      resolve: (s) => [...ROLE_PERMISSIONS[s.role]],
    }),
    chainId: t.exposeInt('chainId', { description: 'Chain the sign-in message was for.' }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime', description: 'When this session ends.' }),
  }),
})

const SessionInfo = builder.objectRef<Pick<Session, 'chainId' | 'createdAt' | 'expiresAt'>>('SessionInfo').implement({
  description: 'One place where the signed-in wallet is signed in.',
  fields: (t) => ({
    chainId: t.exposeInt('chainId'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime' }),
  }),
})

builder.queryFields((t) => ({
  me: t.field({
    type: Viewer,
    nullable: true,
    description: 'The signed-in wallet, or null when nobody is signed in.',
    resolve: (_, __, ctx) => ctx.session(),
  }),
  mySessions: t.field({
    type: [SessionInfo],
    description: 'Where the signed-in wallet is signed in. Requires sign-in.',
    resolve: async (_, __, ctx) => {
      const session = await ctx.signedIn()
      return listSessions(ctx.db, session.member)
    },
  }),
}))
