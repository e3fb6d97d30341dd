import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { startPostgresCluster, type PostgresCluster } from '../../testing/postgresCluster.ts'
import { startTestApp, type TestApp } from '../../testing/startTestApp.ts'
import { alice, graphql, signIn, type GraphqlResponse } from '../api/testing/graphqlClient.ts'
import { signedRequestInput } from '../api/testing/paymentRequestInput.ts'

const skip = !inject('postgresUrl')
const CREATE = 'mutation Create($input: CreatePaymentRequestInput!) { createPaymentRequest(input: $input) { id memo } }'
const MINE = '{ myPaymentRequests(first: 100) { items { id } } }'
const ONE = 'query($id: String!) { paymentRequest(id: $id) { id memo } }'

/** The cookie a write leaves so the writer's next reads include it. */
const writtenCookie = (response: GraphqlResponse) =>
  response.headers
    .getSetCookie()
    .find((c) => c.startsWith('billfold_written='))
    ?.split(';')[0]

describe.skipIf(skip)('reads from a streaming replica, with read-your-writes', () => {
  let cluster: PostgresCluster
  let app: TestApp
  beforeAll(async () => {
    cluster = await startPostgresCluster()
    const { primaryUrl, replicaUrl } = await cluster.createDatabase()
    app = await startTestApp({ anvilUrl: inject('anvilUrl'), databaseUrl: primaryUrl, replicaUrls: [replicaUrl] })
  })
  afterAll(async () => {
    await app?.close()
    await cluster?.stop()
  })

  it('serves queries from the replica while the writer reads its own writes from wherever they are', async () => {
    const { cookie: session } = await signIn(app.url, alice)
    const readyz = async () => (await (await fetch(`${app.url}/readyz`)).json()) as { checks: Record<string, unknown> }
    await expect.poll(async () => Object.keys((await readyz()).checks).some((k) => k.startsWith('replica:'))).toBe(true)

    // The replica receives the primary's log but applies none of it: it stays where it is.
    await cluster.pauseReplay()
    const created = await graphql<{ createPaymentRequest: { id: string } }>(app.url, CREATE, {
      variables: { input: await signedRequestInput(alice, { memo: 'Written while the replica lags' }) },
      cookie: session,
    })
    const id = created.data!.createPaymentRequest.id
    const written = writtenCookie(created)
    expect(written).toMatch(/^billfold_written=[0-9A-F]+\/[0-9A-F]+$/)

    // The writer (their cookie names the write) sees it at once: the replica lacks it, so the primary answers.
    const ids = async (cookie: string) =>
      (
        await graphql<{ myPaymentRequests: { items: { id: string }[] } }>(app.url, MINE, { cookie })
      ).data!.myPaymentRequests.items.map((r) => r.id)
    expect(await ids(`${session}; ${written}`)).toContain(id)
    expect((await graphql(app.url, ONE, { variables: { id }, cookie: written! })).data).toEqual({
      paymentRequest: { id, memo: 'Written while the replica lags' },
    })
    // Another browser of the same payee, and a payer with the link, read the replica: not there yet.
    expect(await ids(session)).not.toContain(id)
    expect((await graphql(app.url, ONE, { variables: { id } })).errors?.[0]?.extensions?.code).toBe('NOT_FOUND')
    // A mark that is not a log position (tampered, garbage) is no mark: the replica answers.
    expect(await ids(`${session}; billfold_written=0/0'; drop table x`)).not.toContain(id)
    // Mutations and their checks read the primary whatever the cookie: cancelling works from anywhere.
    const cancel = await graphql(app.url, 'mutation($id: String!) { cancelPaymentRequest(id: $id) { status } }', {
      variables: { id },
      cookie: session,
    })
    expect(cancel.data).toEqual({ cancelPaymentRequest: { status: 'cancelled' } })

    // Once the replica applies the log, everyone reads it there.
    await cluster.resumeReplay()
    await expect.poll(() => ids(session), { timeout: 10_000 }).toContain(id)
    expect((await graphql(app.url, ONE, { variables: { id } })).data).toEqual({
      paymentRequest: { id, memo: 'Written while the replica lags' },
    })
  })

  it('sends reads to the primary while a replica does not answer', async () => {
    const { primaryUrl } = await cluster.createDatabase()
    const lonely = await startTestApp({
      anvilUrl: inject('anvilUrl'),
      databaseUrl: primaryUrl,
      replicaUrls: ['postgres://postgres@127.0.0.1:1/nowhere'],
    })
    try {
      const { cookie } = await signIn(lonely.url, alice)
      const created = await graphql<{ createPaymentRequest: { id: string } }>(lonely.url, CREATE, {
        variables: { input: await signedRequestInput(alice, { memo: 'No replica' }) },
        cookie,
      })
      const id = created.data!.createPaymentRequest.id
      expect((await graphql(lonely.url, ONE, { variables: { id } })).data).toEqual({
        paymentRequest: { id, memo: 'No replica' },
      })
      const ready = (await (await fetch(`${lonely.url}/readyz`)).json()) as {
        status: string
        checks: Record<string, { ok: boolean; detail?: string }>
      }
      expect(ready.status).toBe('ready')
      expect(ready.checks['replica:127.0.0.1:1']).toEqual({
        ok: true,
        detail: 'not answering; its reads go to the primary',
      })
    } finally {
      await lonely.close()
    }
  })
})
