import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createPublicClient, http } from 'viem'
import { afterAll, expect, it } from 'vitest'
import { startServerProcess, type ServerProcess } from '../../../testing/serverProcess.ts'
import { alice, graphql, signIn } from '../../api/testing/graphqlClient.ts'
import { createRequest } from '../../api/testing/paymentRequestInput.ts'
import { pay } from '../../watcher/testing/payments.ts'

const dataDir = mkdtempSync(join(tmpdir(), 'billfold-devchain-'))
const running: ServerProcess[] = []
afterAll(async () => {
  await Promise.all(running.map((server) => server.stop('SIGINT')))
  rmSync(dataDir, { recursive: true, force: true })
})

const ANVIL_PORT = 8593
const anvilUrl = `http://127.0.0.1:${ANVIL_PORT}`
const STATUS = 'query Status($id: String!) { paymentRequest(id: $id) { status payments { txHash } } }'
type Status = { paymentRequest: { status: string; payments: { txHash: `0x${string}` }[] } }

/** The app as `npm start` runs it with its own dev chain, in one data folder. */
async function start() {
  const server = await startServerProcess(
    { DATA_DIR: dataDir, ANVIL_PORT: String(ANVIL_PORT), RPC_URL: '' },
    { build: 'production' },
  )
  running.push(server)
  return server
}

it('keeps the dev chain with the data folder: after a restart a paid request is still paid and its payment still on the chain', async () => {
  const first = await start()
  const { cookie } = await signIn(first.url, alice)
  const { id, reference } = await createRequest(first.url, cookie, alice, { amount: '12.5' })
  await pay(anvilUrl, { from: 1, to: alice.address, amount: 12_500_000n, reference })
  await expect
    .poll(async () => (await graphql<Status>(first.url, STATUS, { variables: { id } })).data!.paymentRequest.status, {
      timeout: 15_000,
    })
    .toBe('paid')
  const head = await createPublicClient({ transport: http(anvilUrl) }).getBlockNumber()
  expect(await first.stop('SIGINT')).toBe(0) // Ctrl-C

  const second = await start()
  const client = createPublicClient({ transport: http(anvilUrl) })
  expect(await client.getBlockNumber()).toBeGreaterThanOrEqual(head)
  // Give the watcher passes to see the chain as it is now: had it lost blocks, the payment would go.
  await new Promise((resolve) => setTimeout(resolve, 1500))
  const after = (await graphql<Status>(second.url, STATUS, { variables: { id } })).data!.paymentRequest
  expect(after.status).toBe('paid')
  expect((await client.getTransactionReceipt({ hash: after.payments[0]!.txHash })).status).toBe('success')
}, 90_000)
