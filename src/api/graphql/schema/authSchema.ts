import { issueNonce, consumeNonce, isNonceUsable } from '../../auth/nonces.ts'
import { clearedSessionCookie, sessionCookie } from '../../auth/sessionCookie.ts'
import { createSession } from '../../auth/sessions.ts'
import { verifySignIn } from '../../auth/verifySignIn.ts'
import { builder } from '../builder.ts'
import { Viewer } from './viewerSchema.ts'
import { RateLimitedError } from '../../../domain/errors/access.ts'
import { SiweNonceInvalidError } from '../../../domain/errors/signIn.ts'

const Nonce = builder.objectRef<{ nonce: string; expiresAt: Date }>('Nonce').implement({
  description: 'A single-use nonce for a Sign-In with Ethereum message.',
  fields: (t) => ({
    nonce: t.exposeString('nonce'),
    expiresAt: t.expose('expiresAt', { type: 'DateTime' }),
  }),
})

const nonceRefused = () =>
  new SiweNonceInvalidError({
    field: 'message',
    shortMessage: 'This sign-in request has expired or was already used. Sign in again.',
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
      if (!(await isNonceUsable(ctx.db, verified.nonce))) throw nonceRefused()
      // One transaction: the nonce is spent only if the session is created, and only once.
      const session = await ctx.db.transaction(async (tx) => {
        if (!(await consumeNonce(tx, verified.nonce))) throw nonceRefused()
        return createSession(tx, { address: verified.address, chainId: verified.chainId, ttlMs: ctx.auth.sessionTtlMs })
      })
      ctx.setCookie(sessionCookie(session.token, { expiresAt: session.expiresAt, secure: ctx.auth.secureCookies }))
      return {
        address: verified.address,
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
      const ended = await ctx.sessions.revokeAll(session.address)
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
