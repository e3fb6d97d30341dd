import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../../testing/startTestApp.ts'
import { DEV_USDC_ADDRESS } from '../../../chain/tokens.ts'
import { alice, graphql, signIn } from '../../testing/graphqlClient.ts'
import { createPaymentLink } from '../../testing/merchantClient.ts'

let app: TestApp
let cookie: string
beforeAll(async () => {
  app = await startTestApp({ anvilUrl: inject('anvilUrl'), watch: false })
  cookie = (await signIn(app.url, alice)).cookie
})
afterAll(async () => app?.close())

const PAY =
  'mutation($id: String!, $amount: String) { payWithLink(id: $id, amount: $amount) { id amountDecimal memo payee issuer { keyName } } }'
type Paid = {
  payWithLink: { id: string; amountDecimal: string; memo: string; payee: string; issuer: { keyName: string } }
}

describe('payment links', () => {
  it('makes a fresh request signed by the link’s delegate each time a payer commits, without a sign-in', async () => {
    const link = await createPaymentLink(app.url, cookie, alice, {
      title: 'Coffee',
      chainId: 31337,
      asset: DEV_USDC_ADDRESS,
      amount: '3.5',
      memo: 'One coffee',
    })
    expect(link.errors).toBeUndefined()
    const first = await graphql<Paid>(app.url, PAY, { variables: { id: link.id } })
    const second = await graphql<Paid>(app.url, PAY, { variables: { id: link.id } })
    expect(first.data!.payWithLink).toMatchObject({
      amountDecimal: '3.5',
      memo: 'One coffee',
      payee: alice.address,
      issuer: { keyName: 'Coffee' },
    })
    expect(second.data!.payWithLink.id).not.toBe(first.data!.payWithLink.id)

    const listed = await graphql<{
      myPaymentLinks: { id: string; title: string; amount: string; received: string }[]
      myApiKeys: { name: string }[]
    }>(app.url, '{ myPaymentLinks { id title amount received } myApiKeys { name } }', { cookie })
    expect(listed.data!.myPaymentLinks.find((l) => l.id === link.id)).toEqual({
      id: link.id,
      title: 'Coffee',
      amount: '3.5',
      received: '0',
    })
    // The link's own key is the link's: not listed among API keys.
    expect(listed.data!.myApiKeys.map((k) => k.name)).not.toContain('Coffee')

    // Its making is audited as two steps, each naming the link.
    const audit = await graphql<{ auditLog: { action: string; objectId: string | null }[] }>(
      app.url,
      '{ auditLog(first: 200) { action objectId } }',
      { cookie },
    )
    const ofLink = audit.data!.auditLog.filter((e) => e.objectId === link.id).map((e) => e.action)
    expect(ofLink.sort()).toEqual(['createPaymentLink', 'preparePaymentLink'])
  })

  it('makes no request when the link is read, and names its requests by its title when it has no memo', async () => {
    const link = await createPaymentLink(app.url, cookie, alice, {
      title: 'Espresso bar',
      chainId: 31337,
      asset: DEV_USDC_ADDRESS,
      amount: '1',
    })
    const requestsOfLink = async () =>
      (
        await graphql<{
          myPaymentRequests: { items: { memo: string; issuer: { linkTitle: string | null } | null }[] }
        }>(app.url, '{ myPaymentRequests(first: 100) { items { memo issuer { linkTitle } } } }', { cookie })
      ).data!.myPaymentRequests.items.filter((r) => r.issuer?.linkTitle === 'Espresso bar')
    for (let visit = 0; visit < 3; visit++) {
      const read = await graphql<{ paymentLink: { title: string; amount: string } }>(
        app.url,
        'query($id: String!) { paymentLink(id: $id) { title amount } }',
        { variables: { id: link.id } },
      )
      expect(read.data!.paymentLink).toEqual({ title: 'Espresso bar', amount: '1' })
    }
    expect(await requestsOfLink()).toEqual([])

    const paid = await graphql<Paid>(app.url, PAY, { variables: { id: link.id } })
    expect(paid.data!.payWithLink.memo).toBe('Espresso bar')
    expect(await requestsOfLink()).toEqual([{ memo: 'Espresso bar', issuer: { linkTitle: 'Espresso bar' } }])
  })

  it('lets the payer choose within the range, and refuses amounts outside it naming the field', async () => {
    const link = await createPaymentLink(app.url, cookie, alice, {
      title: 'Donation',
      chainId: 31337,
      asset: DEV_USDC_ADDRESS,
      minAmount: '1',
      maxAmount: '500',
    })
    const chosen = await graphql<Paid>(app.url, PAY, { variables: { id: link.id, amount: '42.5' } })
    expect(chosen.data!.payWithLink.amountDecimal).toBe('42.5')
    for (const amount of [null, '0.5', '501', '1e3', 'ten']) {
      const refused = await graphql(app.url, PAY, { variables: { id: link.id, amount } })
      expect(refused.errors?.[0]?.extensions, String(amount)).toMatchObject({ code: 'BAD_USER_INPUT', field: 'amount' })
    }
  })

  it('refuses bad link terms naming the field, and stops making requests once disabled', async () => {
    for (const [input, field] of [
      [{ title: '', chainId: 31337, asset: DEV_USDC_ADDRESS, amount: '1' }, 'title'],
      [
        { title: 'Both', chainId: 31337, asset: DEV_USDC_ADDRESS, amount: '1', minAmount: '1', maxAmount: '2' },
        'amount',
      ],
      [{ title: 'Neither', chainId: 31337, asset: DEV_USDC_ADDRESS }, 'amount'],
      [{ title: 'Upside down', chainId: 31337, asset: DEV_USDC_ADDRESS, minAmount: '5', maxAmount: '2' }, 'maxAmount'],
      [{ title: 'Bad min', chainId: 31337, asset: DEV_USDC_ADDRESS, minAmount: '-1', maxAmount: '2' }, 'minAmount'],
      [{ title: 'Where', chainId: 999, asset: DEV_USDC_ADDRESS, amount: '1' }, 'chainId'],
    ] as const) {
      const refused = await createPaymentLink(app.url, cookie, alice, input)
      expect(refused.errors?.[0]?.extensions, JSON.stringify(input)).toMatchObject({ code: 'BAD_USER_INPUT', field })
    }
    const link = await createPaymentLink(app.url, cookie, alice, {
      title: 'Soon off',
      chainId: 31337,
      asset: DEV_USDC_ADDRESS,
      amount: '1',
    })
    await graphql(app.url, 'mutation($id: String!) { disablePaymentLink(id: $id) { disabledAt } }', {
      variables: { id: link.id },
      cookie,
    })
    const off = await graphql(app.url, PAY, { variables: { id: link.id } })
    expect(off.errors?.[0]?.extensions).toMatchObject({ code: 'NOT_FOUND' })
    const page = await graphql(app.url, 'query($id: String!) { paymentLink(id: $id) { title } }', {
      variables: { id: link.id },
    })
    expect(page.errors?.[0]?.extensions).toMatchObject({ code: 'NOT_FOUND' })
  })
})
