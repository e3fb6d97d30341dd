import { listSessions, type Session } from '../../../merchants/sessions/sessions.ts'
import { builder } from '../builder.ts'

export const Viewer = builder.objectRef<Session>('Viewer').implement({
  description: 'The signed-in wallet.',
  fields: (t) => ({
    address: t.exposeString('address', { description: 'Checksummed address that signed in.' }),
    chainId: t.exposeInt('chainId', { description: 'Chain the sign-in message was for.' }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime', description: 'When this session ends.' }),
  }),
})

const SessionInfo = builder.objectRef<Omit<Session, 'address'>>('SessionInfo').implement({
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
      return listSessions(ctx.db, session.address)
    },
  }),
}))
