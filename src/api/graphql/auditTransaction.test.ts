import { sql } from 'drizzle-orm'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../testing/startTestApp.ts'
import { codes, graphql, signIn } from '../testing/graphqlClient.ts'

const INVITE = 'mutation($role: String!) { inviteMember(role: $role) { id } }'
const LOG = '{ auditLog { action } }'
const PENDING = '{ invitations { id } }'

describe('an audit entry and the change it records', { timeout: 60_000 }, () => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp({ anvilUrl: inject('anvilUrl'), rateLimitPerMinute: 0, watch: false })
  }, 60_000)
  afterAll(() => app.close())

  it('commit together: a change whose entry cannot be written is undone, a failed change leaves no entry', async () => {
    const owner = (await signIn(app.url, privateKeyToAccount(generatePrivateKey()))).cookie
    const entries = async () =>
      (await graphql<{ auditLog: { action: string }[] }>(app.url, LOG, { cookie: owner })).data!.auditLog.filter(
        (e) => e.action === 'inviteMember',
      )
    const pending = async () =>
      (await graphql<{ invitations: { id: string }[] }>(app.url, PENDING, { cookie: owner })).data!.invitations

    // The database refuses the entry (as a full disk or a lost connection would): the invitation must not stay behind.
    await app.database.db.execute(
      sql.raw(`alter table audit_log add constraint refuse_invitations check (action <> 'inviteMember')`),
    )
    try {
      const refused = await graphql(app.url, INVITE, { cookie: owner, variables: { role: 'cashier' } })
      expect(refused.errors).toBeDefined()
      expect(await pending()).toEqual([])
    } finally {
      await app.database.db.execute(sql.raw('alter table audit_log drop constraint refuse_invitations'))
    }

    const failed = await graphql(app.url, INVITE, { cookie: owner, variables: { role: 'boss' } })
    expect(codes(failed)).toEqual(['BAD_USER_INPUT'])
    expect(await entries()).toEqual([])

    const made = await graphql<{ inviteMember: { id: string } }>(app.url, INVITE, {
      cookie: owner,
      variables: { role: 'cashier' },
    })
    expect(await pending()).toEqual([{ id: made.data!.inviteMember.id }])
    expect(await entries()).toEqual([{ action: 'inviteMember' }])
  })
})
