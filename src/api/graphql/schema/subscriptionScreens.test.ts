import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../../../../testing/freePort.ts'
import { startTestApp, type TestApp } from '../../../../testing/startTestApp.ts'
import { startTestChain } from '../../../../testing/testChain.ts'
import type { AnvilNode } from '../../../chain/devnet/startAnvil.ts'
import { DEV_USDC_ADDRESS } from '../../../chain/tokens.ts'
import { auditLog } from '../../../db/schema.ts'
import { alice, graphql, signIn } from '../../testing/graphqlClient.ts'
import { createApiKey, rest } from '../../testing/merchantClient.ts'
import { createPlan, planInput, subscribeToPlan } from '../../testing/planClient.ts'

// A chain of its own: the payer's account is upgraded with EIP-7702 when it grants the permission.
let anvil: AnvilNode
let app: TestApp
let cookie: string

beforeAll(async () => {
  anvil = await startTestChain(await freePort())
  app = await startTestApp({ anvilUrl: anvil.rpcUrl, rateLimitPerMinute: 0 })
  cookie = (await signIn(app.url, alice)).cookie
  await graphql(app.url, 'mutation { updateRelayer(chainId: 31337, enabled: true) { enabled } }', { cookie })
}, 60_000)
afterAll(async () => {
  await app?.close()
  await anvil?.stop()
})

const FIGURES =
  'mySubscriberFigures { paying cancelledLately churnBasisPoints unvalued monthlyByAsset { symbol amountDecimal } }'
type Figures = {
  paying: number
  cancelledLately: number
  churnBasisPoints: number | null
  unvalued: number
  monthlyByAsset: { symbol: string; amountDecimal: string }[]
}
const figures = async () =>
  (await graphql<{ mySubscriberFigures: Figures }>(app.url, `query { ${FIGURES} }`, { cookie })).data!
    .mySubscriberFigures

describe('the subscription screens’ API', () => {
  it('a plan made from the payee’s wallet is listed with its terms; a bad one names its field', async () => {
    const { plan } = await createPlan(app.url, cookie, alice, planInput({ name: 'Weekly box', interval: 'week' }))
    const mine = await graphql<{ myPlans: { id: string; name: string; interval: string; amountDecimal: string }[] }>(
      app.url,
      'query { myPlans { id name interval amountDecimal } }',
      { cookie },
    )
    expect(mine.data!.myPlans).toContainEqual({
      id: plan!.id,
      name: 'Weekly box',
      interval: 'week',
      amountDecimal: '25',
    })
    const bad = await createPlan(app.url, cookie, alice, planInput({ amount: '-1', trialDays: -1 }))
    expect(bad.errors?.[0]?.extensions).toMatchObject({
      fields: { amount: expect.any(String), trialDays: expect.any(String) },
    })
  })

  it('the payer’s page reads the plan’s name and the permission to revoke; the payee’s figures count payers and churn', async () => {
    expect(await figures()).toMatchObject({ paying: 0, cancelledLately: 0, churnBasisPoints: null })
    const { plan } = await createPlan(app.url, cookie, alice)
    const { subscription, errors } = await subscribeToPlan(app.url, anvil.rpcUrl, plan!.id, 7)
    expect(errors).toBeUndefined()
    const page = await graphql<{ planSubscription: { planName: string; chainId: number; permissionContext: string } }>(
      app.url,
      'query($id: String!) { planSubscription(id: $id) { planName chainId permissionContext } }',
      { variables: { id: subscription!.id } },
    )
    expect(page.data!.planSubscription).toMatchObject({ planName: 'Pro, monthly', chainId: 31337 })
    expect(page.data!.planSubscription.permissionContext).toMatch(/^0x[0-9a-f]+$/)
    // No books currency chosen: the revenue is in tokens only, 25 USDC a month.
    expect(await figures()).toMatchObject({
      paying: 1,
      cancelledLately: 0,
      churnBasisPoints: 0,
      monthlyByAsset: [{ symbol: 'USDC', amountDecimal: '25' }],
    })
    await graphql(app.url, 'mutation($id: String!) { changeSubscriber(id: $id, change: "cancel") { state } }', {
      variables: { id: subscription!.id },
      cookie,
    })
    expect(await figures()).toMatchObject({
      paying: 0,
      cancelledLately: 1,
      churnBasisPoints: 10_000,
      monthlyByAsset: [],
    })
  })

  it('records each change of a plan and of a subscriber once under its action, over REST with a key as over GraphQL', async () => {
    const made = (await createApiKey(app.url, cookie, alice)).data!.createApiKey
    const key = `apiKey:${made.apiKey.id}`
    const body = { chainId: 31337, asset: DEV_USDC_ADDRESS, amount: '25', name: 'Pro over REST', interval: 'month' }
    const overRest = (await rest(app.url, '/plans', { method: 'POST', secret: made.secret, body })).body!.id as string
    const patched = await rest(app.url, `/plans/${overRest}`, {
      method: 'PATCH',
      secret: made.secret,
      body: { name: 'Pro over REST, renamed' },
    })
    expect(patched.status).toBe(200)
    const { plan } = await createPlan(app.url, cookie, alice, planInput({ name: 'Audited' }))
    const { subscription } = await subscribeToPlan(app.url, anvil.rpcUrl, plan!.id, 8)
    const id = subscription!.id
    expect((await rest(app.url, `/subscriptions/${id}/pause`, { method: 'POST', secret: made.secret })).status).toBe(
      200,
    )
    const resumed = await graphql(
      app.url,
      'mutation($id: String!) { changeSubscriber(id: $id, change: "resume") { state } }',
      {
        variables: { id },
        cookie,
      },
    )
    expect(resumed.errors).toBeUndefined()
    expect((await rest(app.url, `/subscriptions/${id}/cancel`, { method: 'POST', secret: made.secret })).status).toBe(
      200,
    )
    const entriesOf = async (objectId: string) =>
      (
        await app.database.db.select().from(auditLog).where(eq(auditLog.objectId, objectId)).orderBy(asc(auditLog.id))
      ).map((e) => [e.action, e.actor])
    expect(await entriesOf(overRest)).toEqual([
      ['createPlan', key],
      ['changePlan', key],
    ])
    expect(await entriesOf(plan!.id)).toEqual([
      ['preparePlan', alice.address],
      ['createPlan', alice.address],
    ])
    expect(await entriesOf(id)).toEqual([
      ['changeSubscriber', key],
      ['changeSubscriber', alice.address],
      ['changeSubscriber', key],
    ])
  })
})
