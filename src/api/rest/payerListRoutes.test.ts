import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { useMerchantApp } from '../testing/merchantApp.ts'
import { alice } from '../testing/graphqlClient.ts'
import { createApiKey, rest } from '../testing/merchantClient.ts'

const { env, order } = useMerchantApp()

/** A check of an answer against the served OpenAPI document's schema `name`, no field undocumented. */
async function documented(name: string) {
  const document = (await rest(env.app.url, '/openapi.json')).body!
  const ajv = new Ajv2020({ strict: false })
  addFormats(ajv)
  ajv.addSchema({ components: document.components }, 'api')
  return ajv.compile({ $ref: `api#/components/schemas/${name}`, unevaluatedProperties: false })
}

const newAddress = () => privateKeyToAccount(generatePrivateKey()).address

describe('REST API: a payer’s list of open requests', () => {
  it('answers the link to the payee’s open requests for one payer, as documented, the same link each time', async () => {
    const payer = newAddress()
    const made = async (body: Record<string, unknown>) =>
      (await rest(env.app.url, '/payment-requests', { method: 'POST', secret: env.secret, body: order(body) })).body!
    const first = await made({ payer, amount: '12', memo: 'Invoice 1' })
    const second = await made({ payer: payer.toLowerCase(), amount: '7.50', memo: 'Invoice 2' })
    await made({ payer: newAddress(), amount: '3', memo: 'Someone else’s' })
    const cancelled = await made({ payer, amount: '1', memo: 'Cancelled' })
    await rest(env.app.url, `/payment-requests/${cancelled.id}/cancel`, { method: 'POST', secret: env.secret })

    const answer = await rest(env.app.url, '/payer-lists', { method: 'POST', secret: env.secret, body: { payer } })
    expect(answer.status).toBe(200)
    const check = await documented('PayerList')
    expect(check(answer.body), JSON.stringify(check.errors)).toBe(true)
    expect(answer.body).toMatchObject({
      payee: alice.address,
      payer,
      url: `${env.app.url}/pay-several?list=${answer.body!.id}`,
    })
    expect((answer.body!.requests as { id: string }[]).map((r) => r.id)).toEqual([second.id, first.id])

    const again = await rest(env.app.url, '/payer-lists', {
      method: 'POST',
      secret: env.secret,
      body: { payer: payer.toLowerCase() },
    })
    expect(again.body!.id).toBe(answer.body!.id)
  })

  it('names the wrong field, and refuses a key that may only read', async () => {
    const bad = await rest(env.app.url, '/payer-lists', {
      method: 'POST',
      secret: env.secret,
      body: { payer: '0x1234' },
    })
    expect([bad.status, bad.body!.error]).toEqual([400, expect.objectContaining({ field: 'payer' })])
    const missing = await rest(env.app.url, '/payer-lists', { method: 'POST', secret: env.secret, body: {} })
    expect([missing.status, missing.body!.error]).toEqual([400, expect.objectContaining({ field: 'payer' })])

    const reader = (await createApiKey(env.app.url, env.aliceCookie, alice, { scopes: ['requests:read'] })).data!
      .createApiKey.secret
    const refused = await rest(env.app.url, '/payer-lists', {
      method: 'POST',
      secret: reader,
      body: { payer: newAddress() },
    })
    expect([refused.status, refused.body!.error]).toEqual([403, expect.objectContaining({ code: 'FORBIDDEN' })])
  })
})
