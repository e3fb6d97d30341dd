import { getAddress, keccak256, toHex, type Address, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devWalletProvider } from '../../../testing/devWalletProvider.ts'
import { freePort } from '../../../testing/freePort.ts'
import { startTestApp, type TestApp } from '../../../testing/startTestApp.ts'
import { startTestChain } from '../../../testing/testChain.ts'
import { alice, codes, graphql, signIn } from '../../api/testing/graphqlClient.ts'
import type { AnvilNode } from '../../chain/devnet/startAnvil.ts'
import { sendBatch } from '../../wallet/batchCalls.ts'

let anvil: AnvilNode
let app: TestApp
let cookie: string
beforeAll(async () => {
  anvil = await startTestChain(await freePort())
  app = await startTestApp({ anvilUrl: anvil.rpcUrl })
  ;({ cookie } = await signIn(app.url, alice))
}, 90_000)
afterAll(async () => {
  await app?.close()
  await anvil?.stop()
})

type Line = {
  id: string
  line: number
  to: string
  amountDecimal: string
  paid: boolean
  txHash: string | null
  call: { to: Address; data: Hex; value: Hex }
}
const LINE = 'id line to amountDecimal paid txHash call { to data value }'
const PREPARE = `mutation($csv: String) { preparePayout(chainId: 31337, csv: $csv) { id lines { ${LINE} } } }`
const recipient = (i: number) => getAddress(keccak256(toHex(`api payout ${i}`)).slice(0, 42))

describe('payouts through the API', () => {
  it('prepares a payout, shows its lines unpaid until the wallet’s one batch is mined, then paid, each with a public receipt, and logs it sent once', async () => {
    const csv = `address,amount,token,note\n${recipient(1)},3,USDC,March\n${recipient(2)},4.5,USDC,April\n`
    const prepared = await graphql<{ preparePayout: { id: string; lines: Line[] } }>(app.url, PREPARE, {
      variables: { csv },
      cookie,
    })
    const payout = prepared.data!.preparePayout
    expect(payout.lines.map((l) => [l.line, l.to, l.amountDecimal, l.paid])).toEqual([
      [1, recipient(1), '3', false],
      [2, recipient(2), '4.5', false],
    ])
    const provider = devWalletProvider(anvil.rpcUrl, { index: 0, atomic: true })
    await sendBatch(provider, {
      from: provider.address,
      chainId: 31337,
      calls: payout.lines.map((l) => ({ to: l.call.to, data: l.call.data, value: BigInt(l.call.value) })),
      support: 'supported',
    })
    let lines: Line[] = []
    // The watcher records them from the chain; the test's timeout bounds the wait.
    while (!(lines.length === 2 && lines.every((l) => l.paid))) {
      await new Promise((r) => setTimeout(r, 200))
      const read = await graphql<{ payout: { lines: Line[] } }>(
        app.url,
        `query($id: String!) { payout(id: $id) { lines { ${LINE} } } }`,
        {
          variables: { id: payout.id },
          cookie,
        },
      )
      lines = read.data!.payout.lines
    }
    expect(new Set(lines.map((l) => l.txHash)).size).toBe(1)
    // The audit log names who prepared it and, once for its lines, the business's wallet that sent it, from the chain.
    const log = await graphql<{
      auditLog: { actor: string; role: string; action: string; objectId: string; clientIp: string }[]
    }>(app.url, '{ auditLog { actor role action objectId clientIp } }', { cookie })
    expect(
      log
        .data!.auditLog.filter((e) => e.objectId === payout.id)
        .map(({ actor, role, action, clientIp }) => ({ actor, role, action, clientIp })),
    ).toEqual([
      { actor: alice.address, role: 'owner', action: 'sendPayout', clientIp: 'chain' },
      { actor: alice.address, role: 'owner', action: 'preparePayout', clientIp: expect.not.stringMatching(/^chain$/) },
    ])
    const exported = await graphql<{ payout: { csv: string } }>(
      app.url,
      `
        query ($id: String!) {
          payout(id: $id) {
            csv
          }
        }
      `,
      {
        variables: { id: payout.id },
        cookie,
      },
    )
    expect(exported.data!.payout.csv.split('\n').slice(0, 3)).toEqual([
      'line,to,amount,token,note,state,transaction,block_time,receipt',
      expect.stringMatching(
        new RegExp(
          `^1,${recipient(1)},3,USDC,March,paid,eip155:31337:${lines[0]!.txHash},\\d{4}-.*,/payout/${lines[0]!.id}$`,
        ),
      ),
      expect.stringMatching(/^2,.*,4\.5,USDC,April,paid,/),
    ])
    const receipt = await graphql<{ payoutLine: { to: string; from: string; paid: boolean; note: string } }>(
      app.url,
      `
        query ($id: String!) {
          payoutLine(id: $id) {
            to
            from
            paid
            note
          }
        }
      `,
      { variables: { id: lines[1]!.id } },
    )
    expect(receipt.data!.payoutLine).toEqual({ to: recipient(2), from: alice.address, paid: true, note: 'April' })
  }, 60_000)

  it('names each wrong line by row and field', async () => {
    const response = await graphql(app.url, PREPARE, {
      variables: { csv: `${recipient(1)},abc,USDC\nnot-an-address,1,USDC\n${recipient(3)},1,XYZ` },
      cookie,
    })
    expect(codes(response)).toEqual(['BAD_USER_INPUT'])
    expect(response.errors![0]!.extensions).toMatchObject({
      fields: {
        'lines.1.amount': expect.any(String),
        'lines.2.address': expect.any(String),
        'lines.3.token': expect.any(String),
      },
    })
  })
})
