import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { describe, expect, it } from 'vitest'
import { DEV_USDC_ADDRESS } from '../../chain/tokens.ts'
import { rest } from '../testing/merchantClient.ts'
import { useMerchantApp } from '../testing/merchantApp.ts'

const { env } = useMerchantApp()

describe('REST API: plans and subscriptions in its OpenAPI document', () => {
  it('answers plans, made, read and changed, and the subscribers, exactly as its OpenAPI document describes them (checked by Ajv)', async () => {
    const document = (await rest(env.app.url, '/openapi.json')).body!
    const ajv = new Ajv2020({ strict: false })
    addFormats(ajv)
    ajv.addSchema({ ...document, $id: 'openapi' })
    const schema = (name: string) => document.components.schemas[name]
    // Every field present, none undocumented.
    const validPlan = ajv.compile({ ...schema('Plan'), additionalProperties: false })
    const body = { chainId: 31337, asset: DEV_USDC_ADDRESS, amount: '25', name: 'Pro', interval: 'month', count: 12 }
    const bodyCheck = ajv.compile({ $ref: 'openapi#/paths/~1plans/post/requestBody/content/application~1json/schema' })
    expect(bodyCheck(body), JSON.stringify(bodyCheck.errors)).toBe(true)
    const made = await rest(env.app.url, '/plans', { method: 'POST', secret: env.secret, body })
    expect(made.status).toBe(201)
    const read = await rest(env.app.url, `/plans/${made.body!.id}`, { secret: env.secret })
    const changed = await rest(env.app.url, `/plans/${made.body!.id}`, {
      method: 'PATCH',
      secret: env.secret,
      body: { amount: '30', name: 'Pro, dearer', dunningDays: [2, 5], archived: true },
    })
    expect(changed.body).toMatchObject({ amount: '30000000', name: 'Pro, dearer', dunningDays: [2, 5], archived: true })
    const wrongKind = await rest(env.app.url, `/plans/${made.body!.id}`, {
      method: 'PATCH',
      secret: env.secret,
      body: { price: '20', color: 'red' },
    })
    expect(wrongKind.status).toBe(400)
    expect(JSON.stringify(wrongKind.body)).toContain('color')
    const listed = await rest(env.app.url, '/plans', { secret: env.secret })
    for (const plan of [made.body, read.body, changed.body, ...listed.body!.data])
      expect(validPlan(plan), JSON.stringify(validPlan.errors)).toBe(true)
    expect(schema('Plan').required).toEqual(Object.keys(made.body!))
    const subscribers = await rest(env.app.url, '/subscriptions', { secret: env.secret })
    const validList = ajv.compile({
      $ref: 'openapi#/paths/~1subscriptions/get/responses/200/content/application~1json/schema',
    })
    expect(validList(subscribers.body), JSON.stringify(validList.errors)).toBe(true)
  })
})
