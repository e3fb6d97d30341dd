import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseEther } from 'viem'
import { afterAll, expect, it } from 'vitest'
import { startServerProcess, type ServerProcess } from '../../testing/serverProcess.ts'
import { alice, graphql, signIn } from '../api/testing/graphqlClient.ts'
import { createRequest } from '../api/testing/paymentRequestInput.ts'
import { NATIVE_ASSET } from '../domain/paymentRequest.ts'
import { pay } from './testing/payments.ts'

const dataDir = mkdtempSync(join(tmpdir(), 'billfold-restart-'))
const running: ServerProcess[] = []
afterAll(async () => {
  await Promise.all(running.map((server) => server.stop('SIGINT')))
  rmSync(dataDir, { recursive: true, force: true })
})

const ANVIL_PORT = Number(process.env.TEST_ANVIL_PORT ?? 8556) + 2
const anvilUrl = `http://127.0.0.1:${ANVIL_PORT}`
const STATUS = 'query Status($id: String!) { paymentRequest(id: $id) { status } }'
const HEALTH = 'query { chains { id watcher { lagging gaps lastGap } } }'
type Health = { chains: { id: number; watcher: { lagging: boolean; gaps: number; lastGap: string | null } | null }[] }

/** `npm start` itself (scripts/start.mjs) with its own dev chain, kept in one data folder. */
async function start() {
  const server = await startServerProcess({ DATA_DIR: dataDir, ANVIL_PORT: String(ANVIL_PORT), RPC_URL: '' })
  running.push(server)
  return server
}

/** An ETH request and a USDC request of alice's, paid from the dev accounts; resolves once both show paid. */
async function payBoth(url: string) {
  const { cookie } = await signIn(url, alice)
  const eth = await createRequest(url, cookie, alice, { asset: 'native', amount: '0.25' })
  const usdc = await createRequest(url, cookie, alice, { amount: '7.5' })
  await pay(anvilUrl, {
    from: 1,
    to: alice.address,
    amount: parseEther('0.25'),
    reference: eth.reference,
    asset: NATIVE_ASSET,
  })
  await pay(anvilUrl, { from: 2, to: alice.address, amount: 7_500_000n, reference: usdc.reference })
  for (const { id } of [eth, usdc])
    await expect
      .poll(
        async () =>
          (await graphql<{ paymentRequest: { status: string } }>(url, STATUS, { variables: { id } })).data!
            .paymentRequest.status,
        {
          timeout: 30_000,
        },
      )
      .toBe('paid')
}

it('records ETH and token payments made before and after `npm start` is stopped and started again on its saved dev chain', async () => {
  const first = await start()
  await payBoth(first.url)
  // Anvil writes its state every few seconds and on exit: Ctrl-C.
  expect(await first.stop('SIGINT')).toBe(0)

  // Anvil restarted from saved state cannot trace the blocks mined before: the watcher reads them by
  // their transactions' own value, says so on the chain's health, and keeps recording payments.
  const second = await start()
  await payBoth(second.url)
  const { data } = await graphql<Health>(second.url, HEALTH)
  const watcher = data!.chains.find((c) => c.id === 31337)!.watcher!
  expect(watcher.gaps).toBeGreaterThan(0)
  expect(watcher.lastGap).toContain('Resource not found')
}, 180_000)
