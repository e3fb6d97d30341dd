import { eq } from 'drizzle-orm'
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { createFreshDatabase } from '../../../testing/postgresServer.ts'
import { startTestApp, type TestApp } from '../../../testing/startTestApp.ts'
import { auditLog, businessInvitations } from '../../db/schema.ts'
import { invitationTypedData } from '../../domain/invitation.ts'
import { alice, codes, cookieFrom, graphql, signIn, type GraphqlResponse } from '../testing/graphqlClient.ts'

const apps: TestApp[] = []
afterAll(async () => Promise.all(apps.map((app) => app.close())))
async function app(options: Partial<Parameters<typeof startTestApp>[0]> = {}) {
  const started = await startTestApp({ anvilUrl: inject('anvilUrl'), rateLimitPerMinute: 0, watch: false, ...options })
  apps.push(started)
  return started
}

const ME = '{ me { address business role } }'
type Me = { me: { address: string; business: string; role: string } | null }

async function invite(url: string, cookie: string, role: string) {
  const response = await graphql<{ inviteMember: { id: string; token: string } }>(
    url,
    'mutation($role: String!) { inviteMember(role: $role) { id token expiresAt } }',
    { cookie, variables: { role } },
  )
  return response.data!.inviteMember
}

async function accept(url: string, token: string, signer: PrivateKeyAccount, member = signer.address) {
  const offer = await graphql<{ invitation: { id: string; business: string; role: string } }>(
    url,
    'query($token: String!) { invitation(token: $token) { id business role } }',
    { variables: { token } },
  )
  if (!offer.data) return offer as unknown as GraphqlResponse<{ acceptInvitation: { business: string; role: string } }>
  const { id, business, role } = offer.data.invitation
  const signature = await signer.signTypedData(
    invitationTypedData({ business: business as `0x${string}`, member, role, invitation: id }),
  )
  return graphql<{ acceptInvitation: { business: string; role: string } }>(
    url,
    'mutation($token: String!, $member: String!, $signature: String!) { acceptInvitation(token: $token, member: $member, chainId: 31337, signature: $signature) { business role } }',
    { variables: { token, member, signature } },
  )
}

// One server for the tests that need only one: each uses fresh wallets, alice owns the business.
let single: Promise<TestApp> | undefined
const shared = () => (single ??= app())

describe('a business with members', { timeout: 60_000 }, () => {
  it('makes whoever signs an invitation a member in its role, once, and never after it expired or was withdrawn', async () => {
    const target = await shared()
    const owner = (await signIn(target.url, alice)).cookie
    const cashier = privateKeyToAccount(generatePrivateKey())
    const link = await invite(target.url, owner, 'cashier')

    const joined = await accept(target.url, link.token, cashier)
    expect(joined.data).toEqual({ acceptInvitation: { business: alice.address, role: 'cashier' } })
    const me = await graphql<Me>(target.url, ME, { cookie: cookieFrom(joined) })
    expect(me.data!.me).toEqual({ address: cashier.address, business: alice.address, role: 'cashier' })

    const again = await accept(target.url, link.token, privateKeyToAccount(generatePrivateKey()))
    expect(codes(again)).toEqual(['INVITATION_INVALID'])

    const expired = await invite(target.url, owner, 'admin')
    await target.database.db
      .update(businessInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(businessInvitations.id, expired.id))
    expect(codes(await accept(target.url, expired.token, privateKeyToAccount(generatePrivateKey())))).toEqual([
      'INVITATION_INVALID',
    ])

    const withdrawn = await invite(target.url, owner, 'accountant')
    await graphql(target.url, 'mutation($id: String!) { withdrawInvitation(id: $id) }', {
      cookie: owner,
      variables: { id: withdrawn.id },
    })
    expect(codes(await accept(target.url, withdrawn.token, privateKeyToAccount(generatePrivateKey())))).toEqual([
      'INVITATION_INVALID',
    ])

    // Someone else's signature for the invitee's address is refused, and the link stays usable.
    const open = await invite(target.url, owner, 'developer')
    const invitee = privateKeyToAccount(generatePrivateKey())
    const forged = await accept(target.url, open.token, privateKeyToAccount(generatePrivateKey()), invitee.address)
    expect(codes(forged)).toEqual(['SIWE_SIGNATURE_INVALID'])
    expect((await accept(target.url, open.token, invitee)).data?.acceptInvitation.role).toBe('developer')

    const members = await graphql<{ members: { member: string; role: string }[] }>(
      target.url,
      '{ members { member role } }',
      { cookie: owner },
    )
    expect(members.data!.members).toEqual([
      { member: alice.address, role: 'owner' },
      { member: cashier.address, role: 'cashier' },
      { member: invitee.address, role: 'developer' },
    ])
  })

  it('lets a cashier see no keys, refund nothing, export no books, and manage no members', async () => {
    const target = await shared()
    const owner = (await signIn(target.url, alice)).cookie
    const joined = await accept(
      target.url,
      (await invite(target.url, owner, 'cashier')).token,
      privateKeyToAccount(generatePrivateKey()),
    )
    const cashier = cookieFrom(joined)
    for (const operation of [
      '{ myApiKeys { id } }',
      'mutation { prepareRefund(requestId: "x", amount: "1", to: "0x0000000000000000000000000000000000000001") { id } }',
      '{ members { member } }',
      'mutation { inviteMember(role: "admin") { token } }',
      '{ myPaymentRequests { __typename } }',
    ]) {
      const response = await graphql(target.url, operation, { cookie: cashier })
      expect(codes(response), operation).toEqual(['FORBIDDEN'])
    }
    const exported = await fetch(`${target.url}/export/payments.csv`, { headers: { cookie: cashier } })
    expect(exported.status).toBe(403)
    const audit = await fetch(`${target.url}/export/audit.csv`, { headers: { cookie: cashier } })
    expect(audit.status).toBe(403)
  })

  it('keeps an audit log of who did what, when and from where, which the owner reads and exports', async () => {
    const target = await app()
    const owner = (await signIn(target.url, alice)).cookie
    const member = privateKeyToAccount(generatePrivateKey())
    const link = await invite(target.url, owner, 'accountant')
    await accept(target.url, link.token, member)
    await graphql(target.url, 'mutation($m: String!) { changeMemberRole(member: $m, role: "admin") }', {
      cookie: owner,
      variables: { m: member.address },
    })
    await graphql(target.url, 'mutation($m: String!) { removeMember(member: $m) }', {
      cookie: owner,
      variables: { m: member.address },
    })
    const log = await graphql<{
      auditLog: { actor: string; role: string; action: string; objectId: string | null; clientIp: string }[]
    }>(target.url, '{ auditLog { actor role action objectId clientIp at } }', { cookie: owner })
    expect(log.data!.auditLog.map((e) => [e.actor, e.role, e.action, e.objectId])).toEqual([
      [alice.address, 'owner', 'removeMember', member.address],
      [alice.address, 'owner', 'changeMemberRole', member.address],
      [member.address, 'accountant', 'acceptInvitation', member.address],
      [alice.address, 'owner', 'inviteMember', link.id],
      [alice.address, 'owner', 'signIn', null],
    ])
    expect(new Set(log.data!.auditLog.map((e) => e.clientIp))).toEqual(new Set(['127.0.0.1']))

    // A row older than the sentences (an action no use case records any more) keeps its recorded name.
    const old = 'POST /api/v1/schedules/sch_1/pause'
    await target.database.db.insert(auditLog).values({
      business: alice.address,
      actor: alice.address,
      role: 'owner',
      action: old,
      clientIp: '127.0.0.1',
    })
    const csv = await fetch(`${target.url}/export/audit.csv`, { headers: { cookie: owner } })
    expect(csv.status).toBe(200)
    const lines = (await csv.text()).trim().split('\n')
    expect(lines[0]).toBe('id,at,actor,role,action,action_label,object_id,client_ip')
    expect(lines.slice(1).map((l) => l.split(',').slice(4, 6))).toEqual([
      ['signIn', 'Signed in'],
      ['inviteMember', 'Invited someone to join'],
      ['acceptInvitation', 'Joined the business by an invitation'],
      ['changeMemberRole', 'Changed a member’s role'],
      ['removeMember', 'Removed a member'],
      [old, old],
    ])
  })

  it('lets a member of several businesses pick the one it acts for', async () => {
    const target = await shared()
    const member = privateKeyToAccount(generatePrivateKey())
    const owner = (await signIn(target.url, alice)).cookie
    await accept(target.url, (await invite(target.url, owner, 'accountant')).token, member)
    const own = (await signIn(target.url, member)).cookie
    expect((await graphql<Me>(target.url, ME, { cookie: own })).data!.me!.role).toBe('owner')
    const businesses = await graphql<{ myBusinesses: { business: string; role: string }[] }>(
      target.url,
      '{ myBusinesses { business role } }',
      { cookie: own },
    )
    expect(businesses.data!.myBusinesses).toEqual([
      { business: member.address, role: 'owner' },
      { business: alice.address, role: 'accountant' },
    ])
    await graphql(target.url, 'mutation($b: String) { actForBusiness(business: $b) { role } }', {
      cookie: own,
      variables: { b: alice.address },
    })
    expect((await graphql<Me>(target.url, ME, { cookie: own })).data!.me).toEqual({
      address: member.address,
      business: alice.address,
      role: 'accountant',
    })
    const stranger = privateKeyToAccount(generatePrivateKey()).address
    const refused = await graphql(target.url, 'mutation($b: String) { actForBusiness(business: $b) { role } }', {
      cookie: own,
      variables: { b: stranger },
    })
    expect(codes(refused)).toEqual(['FORBIDDEN'])
  })

  const postgresUrl = inject('postgresUrl')
  it.skipIf(!postgresUrl)('signs a removed member out of the business on every server at once', async () => {
    const databaseUrl = await createFreshDatabase(postgresUrl)
    const [one, two] = [await app({ databaseUrl }), await app({ databaseUrl })]
    const owner = (await signIn(one.url, alice)).cookie
    const cashier = privateKeyToAccount(generatePrivateKey())
    const joined = await accept(one.url, (await invite(one.url, owner, 'cashier')).token, cashier)
    const tablet = cookieFrom(joined)
    // The member's session is cached on both servers.
    expect((await graphql<Me>(two.url, ME, { cookie: tablet })).data!.me!.role).toBe('cashier')
    expect((await graphql<Me>(one.url, ME, { cookie: tablet })).data!.me!.role).toBe('cashier')

    const removed = await graphql<{ removeMember: number }>(
      one.url,
      'mutation($m: String!) { removeMember(member: $m) }',
      {
        cookie: owner,
        variables: { m: cashier.address },
      },
    )
    expect(removed.data!.removeMember).toBe(1)
    expect((await graphql<Me>(one.url, ME, { cookie: tablet })).data!.me).toBeNull()
    await expect
      .poll(async () => (await graphql<Me>(two.url, ME, { cookie: tablet })).data!.me, { timeout: 2000 })
      .toBeNull()
    expect((await graphql<Me>(two.url, ME, { cookie: owner })).data!.me!.role).toBe('owner')
  })
})
