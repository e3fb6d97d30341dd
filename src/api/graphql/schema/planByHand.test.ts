import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../../../../testing/freePort.ts'
import { startTestApp, type TestApp } from '../../../../testing/startTestApp.ts'
import { startTestChain } from '../../../../testing/testChain.ts'
import type { AnvilNode } from '../../../chain/devnet/startAnvil.ts'
import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts'
import { MAX_UNPAID_BY_HAND } from '../../../merchants/subscriptions/planByHand.ts'
import { alice, bob, graphql, signIn } from '../../testing/graphqlClient.ts'
import { payPageCheck } from '../../testing/payPageCheck.ts'
import { createPlan, planInput } from '../../testing/planClient.ts'

let anvil: AnvilNode
let app: TestApp
let cookie: string

beforeAll(async () => {
  anvil = await startTestChain(await freePort())
  app = await startTestApp({ anvilUrl: anvil.rpcUrl, rateLimitPerMinute: 0 })
  cookie = (await signIn(app.url, alice)).cookie
}, 60_000)
afterAll(async () => {
  await app?.close()
  await anvil?.stop()
})

const BY_HAND = `mutation($planId: String!, $payer: String!) { payPlanByHand(planId: $planId, payer: $payer) }`
const SCHEDULE = `query($id: String!) { schedule(id: $id) { state payer interval currentRequest { id } } }`

describe('paying a plan each period by hand', () => {
  it('gives the payer a schedule of the plan whose first period’s request is there at once, signed on the payee’s authority, the same one when asked again', async () => {
    const { plan } = await createPlan(app.url, cookie, alice, planInput({ name: 'Pro by hand', amount: '25' }))
    const first = await graphql<{ payPlanByHand: string }>(app.url, BY_HAND, {
      variables: { planId: plan!.id, payer: bob.address },
    })
    expect(first.errors).toBeUndefined()
    const again = await graphql<{ payPlanByHand: string }>(app.url, BY_HAND, {
      variables: { planId: plan!.id, payer: bob.address.toLowerCase() },
    })
    expect(again.data!.payPlanByHand).toBe(first.data!.payPlanByHand)

    const schedule = await graphql<{
      schedule: { state: string; payer: string; interval: string; currentRequest: { id: string } | null }
    }>(app.url, SCHEDULE, { variables: { id: first.data!.payPlanByHand } })
    expect(schedule.data!.schedule).toMatchObject({ state: 'active', payer: bob.address, interval: 'month' })
    const current = schedule.data!.schedule.currentRequest
    expect(current).not.toBeNull()

    const { request, verified } = await payPageCheck(app.url, anvil.rpcUrl, current!.id)
    expect(verified).toBe(true)
    expect(request).toMatchObject({ amount: '25000000', payee: alice.address })
    expect(request.memo).toMatch(/^Pro by hand/)
  })

  it('names the field when the payer is not an address or the plan does not exist', async () => {
    const { plan } = await createPlan(app.url, cookie, alice)
    const badPayer = await graphql(app.url, BY_HAND, { variables: { planId: plan!.id, payer: 'bob' } })
    expect(badPayer.errors?.[0]?.extensions).toMatchObject({ field: 'payer' })
    const noPlan = await graphql(app.url, BY_HAND, { variables: { planId: 'nosuchplan12', payer: bob.address } })
    expect(noPlan.errors?.[0]?.extensions).toMatchObject({ field: 'planId' })
  })

  it('makes no more schedules of a plan once its bound of payers who have paid nothing yet is reached, and a known payer still gets theirs', async () => {
    const { plan } = await createPlan(app.url, cookie, alice, planInput({ name: 'Flooded' }))
    const ask = (payer: string) =>
      graphql<{ payPlanByHand: string }>(app.url, BY_HAND, { variables: { planId: plan!.id, payer } })
    const first = await ask(bob.address)
    for (let i = 1; i < MAX_UNPAID_BY_HAND; i++)
      expect((await ask(privateKeyToAccount(generatePrivateKey()).address)).errors).toBeUndefined()
    const refused = await ask(privateKeyToAccount(generatePrivateKey()).address)
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'RATE_LIMITED', field: 'planId' })
    expect((await ask(bob.address)).data!.payPlanByHand).toBe(first.data!.payPlanByHand)
  })
})
