import { issueNonce } from '../../../merchants/sessions/nonces.ts'
import { openSession } from '../../../merchants/sessions/openSession.ts'
import { clearedSessionCookie, sessionCookie } from '../../auth/sessionCookie.ts'
import { verifySignIn } from '../../auth/verifySignIn.ts'
import { builder } from '../builder.ts'
import { recordAudit } from '../../../merchants/business/auditLog.ts'
import { Viewer } from './viewerSchema.ts'
import { RateLimitedError } from '../../../domain/errors/access.ts'

const Nonce = builder.objectRef<{ nonce: string; expiresAt: Date }>('Nonce').implement({
  description: 'A single-use nonce for a Sign-In with Ethereum message.',
  fields: (t) => ({
    nonce: t.exposeString('nonce'),
    expiresAt: t.expose('expiresAt', { type: 'DateTime' }),
  }),
})

builder.mutationFields((t) => ({
  nonce: t.field({
    type: Nonce,
    description: 'Starts a sign-in: a nonce to put in the message, usable once, for 10 minutes.',
    resolve: async (_, __, ctx) => {
      const verdict = await ctx.limitNonces(ctx.clientIp)
      if (!verdict.allowed)
        throw new RateLimitedError({
          shortMessage: `Too many sign-in attempts from this address. Try again in ${verdict.retryAfterSeconds} s.`,
        })
      return issueNonce(ctx.db, ctx.auth.nonceTtlMs)
    },
  }),
  signIn: t.field({
    type: Viewer,
    description: 'Signs in with a signed EIP-4361 message and sets the session cookie.',
    args: {
      message: t.arg.string({ required: true }),
      signature: t.arg.string({ required: true }),
    },
    resolve: async (_, { message, signature }, ctx) => {
      const verified = await verifySignIn(ctx.siwe, message, signature)
      const session = await openSession(ctx.db, {
        nonce: verified.nonce,
        address: verified.address,
        chainId: verified.chainId,
        ttlMs: ctx.auth.sessionTtlMs,
      })
      ctx.setCookie(sessionCookie(session.token, { expiresAt: session.expiresAt, secure: ctx.auth.secureCookies }))
      const actor = { address: verified.address, member: verified.address, role: 'owner' as const }
      await recordAudit(ctx.db, actor, { action: 'signIn', clientIp: ctx.clientIp })
      return {
        ...actor,
        chainId: verified.chainId,
        createdAt: new Date(),
        expiresAt: session.expiresAt,
      }
    },
  }),
  signOutEverywhere: t.int({
    description:
      'Ends every session of the signed-in address, in every browser and on every server (a stolen cookie stops working); how many ended.',
    resolve: async (_, __, ctx) => {
      const session = await ctx.signedIn()
      const ended = await ctx.sessions.revokeAll(session.member)
      ctx.setCookie(clearedSessionCookie({ secure: ctx.auth.secureCookies }))
      return ended
    },
  }),
  signOut: t.boolean({
    description: 'Ends this session (the cookie stops working everywhere it was copied to).',
    resolve: async (_, __, ctx) => {
      if (ctx.sessionToken) await ctx.sessions.revoke(ctx.sessionToken)
      ctx.setCookie(clearedSessionCookie({ secure: ctx.auth.secureCookies }))
      return true
    },
  }),
}))
