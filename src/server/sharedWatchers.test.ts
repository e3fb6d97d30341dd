import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { freePort } from '../../testing/freePort.ts'
import { createFreshDatabase } from '../../testing/postgresServer.ts'
import { startServerProcess, type ServerProcess } from '../../testing/serverProcess.ts'
import { startTestApp, TEST_SECRET_KEY, type TestApp } from '../../testing/startTestApp.ts'
import { startAnvil, type AnvilNode } from '../chain/devnet/startAnvil.ts'
import { pay } from '../watcher/testing/payments.ts'
import { alice, graphql, signIn } from '../api/testing/graphqlClient.ts'
import { createRequest } from '../api/testing/paymentRequestInput.ts'

const postgresUrl = inject('postgresUrl')
const anvilUrl = inject('anvilUrl')
// Four public chains read from one extra node (what they hold does not matter here), and the dev chain: five chains.
const PUBLIC_CHAINS = [1, 10, 8453, 42161]
const ALL_CHAINS = [...PUBLIC_CHAINS, 31337].sort((a, b) => a - b)

type Readiness = { server: string; watching: number[] }
const readiness = async (url: string): Promise<Readiness> => (await fetch(`${url}/readyz`)).json() as Promise<Readiness>

describe.skipIf(!postgresUrl)('five chains shared by three servers on one PostgreSQL', () => {
  let other: AnvilNode
  let databaseUrl: string
  const inProcess: TestApp[] = []
  const processes: ServerProcess[] = []
  beforeAll(async () => {
    other = await startAnvil({ port: await freePort() })
    databaseUrl = await createFreshDatabase(postgresUrl)
  })
  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop('SIGKILL')))
    await Promise.all(inProcess.map((s) => s.close()))
    await other?.stop()
  })

  const chainRpcUrls = () => Object.fromEntries(PUBLIC_CHAINS.map((id) => [id, other.rpcUrl]))
  const startOne = async () => {
    const app = await startTestApp({ anvilUrl, databaseUrl, chainRpcUrls: chainRpcUrls() })
    inProcess.push(app)
    return app.url
  }
  /** What each server says it runs; the chains' owners once every chain has exactly one. */
  const shares = async (urls: string[]) => Promise.all(urls.map(readiness))
  const settled = (views: Readiness[]) =>
    views
      .flatMap((v) => v.watching)
      .sort((a, b) => a - b)
      .join() === ALL_CHAINS.join() &&
    views.every((v) => v.watching.length <= Math.ceil(ALL_CHAINS.length / views.length))

  it(
    'each server runs its share; a killed server’s chains move within 10 s, a payment made meanwhile is recorded once; a new server takes its share back',
    { timeout: 120_000 },
    async () => {
      const startProcess = async () => {
        const started = await startServerProcess({
          DATABASE_URL: databaseUrl,
          RPC_URL: anvilUrl,
          SECRET_KEY: TEST_SECRET_KEY,
          ...Object.fromEntries(PUBLIC_CHAINS.map((id) => [`RPC_URL_${id}`, other.rpcUrl])),
        })
        processes.push(started)
        return started
      }
      const servers = await Promise.all([startProcess(), startProcess(), startProcess()])
      const three = servers.map((s) => s.url)
      await expect.poll(async () => settled(await shares(three)), { timeout: 30_000, interval: 250 }).toBe(true)
      const before = await shares(three)
      expect(before.map((v) => v.watching.length).sort()).toEqual([1, 2, 2])
      expect(new Set(before.map((v) => v.server)).size).toBe(3)

      // The server watching the dev chain dies (SIGKILL) just as a request on that chain is paid.
      const victim = before.findIndex((v) => v.watching.includes(31337))
      const survivors = three.filter((_, i) => i !== victim)
      const { cookie } = await signIn(survivors[0]!, alice)
      const request = await createRequest(survivors[0]!, cookie, alice, { amount: '2.02' })
      const killedAt = Date.now()
      await servers[victim]!.stop('SIGKILL')
      await pay(anvilUrl, { from: 4, to: alice.address, amount: 2_020_000n, reference: request.reference })
      await expect.poll(async () => settled(await shares(survivors)), { timeout: 20_000, interval: 100 }).toBe(true)
      expect(Date.now() - killedAt).toBeLessThanOrEqual(10_000)
      const paid = async () =>
        (
          await graphql<{ paymentRequest: { status: string; payments: unknown[] } }>(
            survivors[1]!,
            'query($id: String!) { paymentRequest(id: $id) { status payments { txHash } } }',
            { variables: { id: request.id } },
          )
        ).data!.paymentRequest
      await expect.poll(async () => (await paid()).status, { timeout: 20_000 }).toBe('paid')
      expect((await paid()).payments).toHaveLength(1)

      const c = await startOne()
      await expect
        .poll(async () => settled(await shares([...survivors, c])), { timeout: 30_000, interval: 250 })
        .toBe(true)
      expect((await readiness(c)).watching.length).toBeGreaterThan(0)
    },
  )
})
