import { afterAll, beforeAll, expect, inject, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../../testing/startTestApp.ts'
import { alice, bob, codes, graphql, signIn } from '../../testing/graphqlClient.ts'
import { createRequest } from '../../testing/paymentRequestInput.ts'

let app: TestApp
let cookie: string
beforeAll(async () => {
  app = await startTestApp({ anvilUrl: inject('anvilUrl'), rateLimitPerMinute: 0, watch: false })
  cookie = (await signIn(app.url, alice)).cookie
})
afterAll(async () => app?.close())

const LINK = 'mutation Link($payer: String!) { payerListLink(payer: $payer) { id payee payer } }'
const LIST = 'query List($id: String!) { payerList(id: $id) { payee payer requests { id memo } } }'
const CANCEL = 'mutation Cancel($id: String!) { cancelPaymentRequest(id: $id) { status } }'
const payer = '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc'

it("lists the payee's requests for that payer still to pay, newest first, under the same link each time", async () => {
  const march = await createRequest(app.url, cookie, alice, { memo: 'March', payer })
  const april = await createRequest(app.url, cookie, alice, { memo: 'April', payer })
  const cancelled = await createRequest(app.url, cookie, alice, { memo: 'Cancelled', payer })
  await graphql(app.url, CANCEL, { variables: { id: cancelled.id }, cookie })
  await createRequest(app.url, cookie, alice, { memo: 'For anyone' })
  await createRequest(app.url, cookie, alice, { memo: 'For bob', payer: bob.address })
  const bobCookie = (await signIn(app.url, bob)).cookie
  await createRequest(app.url, bobCookie, bob, { memo: 'Bob’s own', payer })

  type Link = { payerListLink: { id: string; payee: string; payer: string } }
  const made = await graphql<Link>(app.url, LINK, { variables: { payer: payer.toLowerCase() }, cookie })
  expect(made.data!.payerListLink).toMatchObject({ payee: alice.address, payer })
  const again = await graphql<Link>(app.url, LINK, { variables: { payer }, cookie })
  expect(again.data!.payerListLink.id).toBe(made.data!.payerListLink.id)

  // Public: the payer reads it without signing in.
  const list = await graphql<{ payerList: { requests: { id: string; memo: string }[] } }>(app.url, LIST, {
    variables: { id: made.data!.payerListLink.id },
  })
  expect(list.data!.payerList.requests).toEqual([
    { id: april.id, memo: 'April' },
    { id: march.id, memo: 'March' },
  ])
})

it('refuses a payer that is not an address by its field, a link without signing in, and an unknown list', async () => {
  const bad = await graphql(app.url, LINK, { variables: { payer: 'bob' }, cookie })
  expect(codes(bad)).toEqual(['BAD_USER_INPUT'])
  expect(bad.errors![0]!.extensions!.field).toBe('payer')
  expect(codes(await graphql(app.url, LINK, { variables: { payer } }))).toEqual(['UNAUTHENTICATED'])
  const unknown = await graphql(app.url, LIST, { variables: { id: 'ABCDEFGHJKLMNPQR' } })
  expect(codes(unknown)).toEqual(['NOT_FOUND'])
})
