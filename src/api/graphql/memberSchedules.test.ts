import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../testing/startTestApp.ts'
import { authoriseMemberDelegate, joinAs } from '../testing/businessClient.ts'
import { codes, graphql, signIn } from '../testing/graphqlClient.ts'
import { createApiKey, rest } from '../testing/merchantClient.ts'
import { payPageCheck } from '../testing/payPageCheck.ts'
import { createPlan, planInput } from '../testing/planClient.ts'
import { signedRequestInput } from '../testing/paymentRequestInput.ts'
import { createSchedule, scheduleInput } from '../testing/scheduleClient.ts'

const BY_HAND = `mutation($planId: String!, $payer: String!) { payPlanByHand(planId: $planId, payer: $payer) }`
const CURRENT = `query($id: String!) { schedule(id: $id) { currentRequest { id } } }`
const CREATE_REQUEST = 'mutation($input: CreatePaymentRequestInput!) { createPaymentRequest(input: $input) { id } }'

describe('an admin’s schedules and plans are signed by the members’ delegate', { timeout: 60_000 }, () => {
  let app: TestApp
  const anvilUrl = () => inject('anvilUrl')
  beforeAll(async () => {
    app = await startTestApp({ anvilUrl: inject('anvilUrl'), rateLimitPerMinute: 0, watch: false })
  }, 60_000)
  afterAll(() => app.close())

  /** A business with an owner and an admin who joined; nothing authorised yet. */
  async function business() {
    const ownerWallet = privateKeyToAccount(generatePrivateKey())
    const adminWallet = privateKeyToAccount(generatePrivateKey())
    const owner = (await signIn(app.url, ownerWallet)).cookie
    const admin = await joinAs(app.url, owner, 'admin', adminWallet)
    return { ownerWallet, adminWallet, owner, admin }
  }

  /** The sentence a member gets for a request when no members' delegate signs: schedules and plans must give the same. */
  async function requestRefusal(admin: string, payee: ReturnType<typeof privateKeyToAccount>) {
    const refused = await graphql(app.url, CREATE_REQUEST, {
      cookie: admin,
      variables: { input: { ...(await signedRequestInput(payee, { memo: 'Refused' })), signature: null } },
    })
    expect(codes(refused)).toEqual(['DELEGATION_MISSING'])
    return refused.errors![0]!.message
  }

  it('lets an admin make a schedule and a plan whose first period verifies on the pay page as the payee’s, and logs the admin', async () => {
    const { ownerWallet, adminWallet, owner, admin } = await business()

    // Before the owner authorised the members' delegate: refused as a member's request is.
    const sentence = await requestRefusal(admin, ownerWallet)
    const early = await createSchedule(app.url, admin, adminWallet)
    expect(early.errors?.map((e) => [e.extensions?.code, e.message])).toEqual([['DELEGATION_MISSING', sentence]])
    const earlyPlan = await createPlan(app.url, admin, adminWallet)
    expect(earlyPlan.errors?.map((e) => [e.extensions?.code, e.message])).toEqual([['DELEGATION_MISSING', sentence]])

    // The admin, who may not read the delegate itself, reads whether it signs for them.
    const signs = async () =>
      (await graphql<{ memberDelegateSigns: boolean }>(app.url, '{ memberDelegateSigns }', { cookie: admin })).data!
        .memberDelegateSigns
    expect(await signs()).toBe(false)
    const authorised = await authoriseMemberDelegate(app.url, owner, ownerWallet)
    const delegate = authorised.data!.authoriseMemberDelegate.delegate
    expect(await signs()).toBe(true)

    // The admin's wallet signs nothing: the client signs only when the server asks the wallet to.
    const { schedule, errors } = await createSchedule(app.url, admin, adminWallet, scheduleInput({ memo: 'Retainer' }))
    expect(errors).toBeUndefined()
    const scheduled = await payPageCheck(app.url, anvilUrl(), schedule!.currentRequest!.id)
    expect(scheduled.verified).toBe(true)
    expect(scheduled.request).toMatchObject({ payee: ownerWallet.address, issuer: { keyName: 'Team', delegate } })

    const { plan, errors: planErrors } = await createPlan(app.url, admin, adminWallet, planInput({ name: 'Pro' }))
    expect(planErrors).toBeUndefined()
    const byHand = await graphql<{ payPlanByHand: string }>(app.url, BY_HAND, {
      variables: { planId: plan!.id, payer: privateKeyToAccount(generatePrivateKey()).address },
    })
    const periods = await graphql<{ schedule: { currentRequest: { id: string } } }>(app.url, CURRENT, {
      variables: { id: byHand.data!.payPlanByHand },
    })
    const charged = await payPageCheck(app.url, anvilUrl(), periods.data!.schedule.currentRequest.id)
    expect(charged.verified).toBe(true)
    expect(charged.request).toMatchObject({ payee: ownerWallet.address, issuer: { keyName: 'Team', delegate } })

    // The admin's own wallet cannot sign for the business.
    const pending = await graphql<{ prepareSchedule: { id: string; walletSigns: boolean } }>(
      app.url,
      'mutation($input: ScheduleInput!) { prepareSchedule(input: $input) { id walletSigns } }',
      { cookie: admin, variables: { input: scheduleInput() } },
    )
    expect(pending.data!.prepareSchedule.walletSigns).toBe(false)
    const ownSignature = await graphql(
      app.url,
      'mutation($id: String!, $sig: String) { createSchedule(id: $id, delegationSignature: $sig) { id } }',
      { cookie: admin, variables: { id: pending.data!.prepareSchedule.id, sig: '0x1234' } },
    )
    expect(codes(ownSignature)).toEqual(['BAD_USER_INPUT'])
    expect(ownSignature.errors![0]!.extensions!.field).toBe('delegationSignature')

    const log = await graphql<{ auditLog: { actor: string; role: string; action: string; objectId: string }[] }>(
      app.url,
      '{ auditLog { actor role action objectId } }',
      { cookie: owner },
    )
    const made = log.data!.auditLog.filter((e) => e.action === 'createSchedule' || e.action === 'createPlan')
    expect(made).toEqual(
      expect.arrayContaining([
        { actor: adminWallet.address, role: 'admin', action: 'createSchedule', objectId: schedule!.id },
        { actor: adminWallet.address, role: 'admin', action: 'createPlan', objectId: plan!.id },
      ]),
    )
    expect(made).toHaveLength(2)
  })

  it('signs an admin’s key’s schedule and plan over REST by the members’ delegate, and refuses both once it is revoked', async () => {
    const { ownerWallet, owner, admin } = await business()
    const secret = (
      await createApiKey(app.url, admin, ownerWallet, { scopes: ['requests:read', 'requests:write'], authorise: false })
    ).data!.createApiKey.secret

    const early = await rest(app.url, '/schedules', { method: 'POST', secret, body: scheduleInput() })
    expect([early.status, early.body!.error.code]).toEqual([403, 'DELEGATION_MISSING'])

    await authoriseMemberDelegate(app.url, owner, ownerWallet)
    const made = await rest(app.url, '/schedules', { method: 'POST', secret, body: scheduleInput() })
    expect(made.status).toBe(201)
    expect(made.body!.periods).toHaveLength(1)
    expect((await payPageCheck(app.url, anvilUrl(), made.body!.periods[0].requestId)).verified).toBe(true)
    const plan = await rest(app.url, '/plans', { method: 'POST', secret, body: planInput() })
    expect(plan.status).toBe(201)

    await graphql(app.url, 'mutation { revokeMemberDelegate { revokedAt } }', { cookie: owner })
    const sentence = await requestRefusal(admin, ownerWallet)
    for (const [path, body] of [
      ['/schedules', scheduleInput()],
      ['/plans', planInput()],
    ] as const) {
      const refused = await rest(app.url, path, { method: 'POST', secret, body })
      expect([refused.status, refused.body!.error.code, refused.body!.error.message], path).toEqual([
        403,
        'DELEGATION_MISSING',
        sentence,
      ])
    }
    const overGraphql = await createSchedule(app.url, admin, ownerWallet)
    expect(overGraphql.errors?.map((e) => e.extensions?.code)).toEqual(['DELEGATION_MISSING'])
    // What the delegate signed before stays valid.
    expect((await payPageCheck(app.url, anvilUrl(), made.body!.periods[0].requestId)).verified).toBe(true)
  })

  it('keeps the owner’s flow: the owner’s wallet signs the schedule’s own delegation, and must', async () => {
    const { ownerWallet, owner } = await business()
    const pending = await graphql<{ prepareSchedule: { id: string; walletSigns: boolean; keyName: string } }>(
      app.url,
      'mutation($input: ScheduleInput!) { prepareSchedule(input: $input) { id walletSigns keyName } }',
      { cookie: owner, variables: { input: scheduleInput({ memo: 'Rent' }) } },
    )
    expect(pending.data!.prepareSchedule).toMatchObject({ walletSigns: true, keyName: 'Schedule: Rent' })
    const unsigned = await graphql(app.url, 'mutation($id: String!) { createSchedule(id: $id) { id } }', {
      cookie: owner,
      variables: { id: pending.data!.prepareSchedule.id },
    })
    expect(codes(unsigned)).toEqual(['BAD_USER_INPUT'])
    expect(unsigned.errors![0]!.extensions!.field).toBe('delegationSignature')
    const { schedule } = await createSchedule(app.url, owner, ownerWallet)
    const { request, verified } = await payPageCheck(app.url, anvilUrl(), schedule!.currentRequest!.id)
    expect(verified).toBe(true)
    expect(request.issuer?.keyName).toMatch(/^Schedule: /)
  })
})
