import { getAddress, hashTypedData, toHex } from 'viem'
import { mnemonicToAccount, sign } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { deploySmartAccount } from '../../testing/smartAccount.ts'
import { graphql, codes } from '../api/testing/graphqlClient.ts'
import { createRequest } from '../api/testing/paymentRequestInput.ts'
import { testUsdcAbi } from '../chain/devnet/testUsdcArtifact.ts'
import { DEV_EURC_ADDRESS, DEV_USDC_ADDRESS } from '../chain/tokens.ts'
import { chainClients } from '../watcher/testing/payments.ts'
import { TRANSFER_WITH_AUTHORIZATION_TYPES } from '../domain/transferAuthorization.ts'
import {
  payGasless,
  payerWithoutGas,
  relayersOf,
  signedAuthorization,
  statusOf,
  useGaslessApp,
} from './testing/gasless.ts'

const env = useGaslessApp()

const MY_RELAYS = 'query { myRelays { id kind state requestId payer transactionHash nonce fee value } }'
const myRelays = async () =>
  (
    await graphql<{
      myRelays: { state: string; requestId: string; nonce: number; fee: string; kind: string; value: string }[]
    }>(env.app.url, MY_RELAYS, { cookie: env.payee.cookie })
  ).data!.myRelays

describe("paying without gas: the payer signs, the payee's relayer sends", () => {
  it.each([
    ['USDC', DEV_USDC_ADDRESS],
    ['EURC', DEV_EURC_ADDRESS],
  ] as const)('a payer holding %s and no native coin pays; its native balance is still 0', async (_, asset) => {
    const request = await createRequest(env.app.url, env.payee.cookie, env.payee.account, { asset, amount: '42.10' })
    const payer = await payerWithoutGas(env.anvil.rpcUrl, asset, 50_000_000n)
    const { authorization, signature } = await signedAuthorization(env.app.url, request.id, payer)
    const answer = await payGasless(env.app.url, request.id, authorization, signature)
    expect(answer.errors).toBeUndefined()
    expect(answer.data!.payWithAuthorization).toMatchObject({
      state: 'sent',
      transactionHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
    })
    await expect.poll(async () => (await statusOf(env.app.url, request.id)).status, { timeout: 15_000 }).toBe('paid')
    expect((await statusOf(env.app.url, request.id)).payments.map((p) => getAddress(p.from))).toEqual([payer.address])
    const { publicClient } = chainClients(env.anvil.rpcUrl)
    expect(await publicClient.getBalance({ address: payer.address })).toBe(0n)
    await expect
      .poll(async () => (await myRelays()).find((r) => r.requestId === request.id), { timeout: 10_000 })
      .toMatchObject({ kind: 'payment', state: 'mined', fee: expect.stringMatching(/^[1-9]\d*$/) })
    const csv = await (
      await fetch(`${env.app.url}/export/relays.csv`, { headers: { cookie: env.payee.cookie } })
    ).text()
    const row = csv
      .split('\n')
      .find((line) => line.includes(request.id))!
      .split(',')
    const fee = (await myRelays()).find((r) => r.requestId === request.id)!.fee
    expect([row[2], row[5], row[11]]).toEqual(['payment', 'mined', fee])
  })

  it('relays the same authorization sent twice once: one relay, one payment', async () => {
    const request = await createRequest(env.app.url, env.payee.cookie, env.payee.account, { amount: '3' })
    const payer = await payerWithoutGas(env.anvil.rpcUrl, DEV_USDC_ADDRESS, 3_000_000n)
    const { authorization, signature } = await signedAuthorization(env.app.url, request.id, payer)
    const [first, second] = await Promise.all([
      payGasless(env.app.url, request.id, authorization, signature),
      payGasless(env.app.url, request.id, authorization, signature),
    ])
    expect(first.data!.payWithAuthorization.id).toBe(second.data!.payWithAuthorization.id)
    await expect.poll(async () => (await statusOf(env.app.url, request.id)).status, { timeout: 15_000 }).toBe('paid')
    expect((await statusOf(env.app.url, request.id)).payments).toHaveLength(1)
    expect((await myRelays()).filter((r) => r.requestId === request.id)).toHaveLength(1)
  })

  it('refuses a second authorization of a request while the first is on its way: it would pay twice', async () => {
    const request = await createRequest(env.app.url, env.payee.cookie, env.payee.account, { amount: '2' })
    const payer = await payerWithoutGas(env.anvil.rpcUrl, DEV_USDC_ADDRESS, 4_000_000n)
    const [first, second] = await Promise.all([
      signedAuthorization(env.app.url, request.id, payer),
      signedAuthorization(env.app.url, request.id, payer),
    ])
    expect(first.authorization.nonce).not.toBe(second.authorization.nonce)
    const answers = await Promise.all(
      [first, second].map((a) => payGasless(env.app.url, request.id, a.authorization, a.signature)),
    )
    expect(answers.map((a) => codes(a)?.[0] ?? a.data!.payWithAuthorization.state).sort()).toEqual([
      'NOT_PAYABLE',
      'sent',
    ])
    await expect.poll(async () => (await statusOf(env.app.url, request.id)).status, { timeout: 15_000 }).toBe('paid')
    expect((await statusOf(env.app.url, request.id)).payments).toHaveLength(1)
  })

  it('sends nothing when a front-runner submitted the authorization first; the request is paid once', async () => {
    const request = await createRequest(env.app.url, env.payee.cookie, env.payee.account, { amount: '4' })
    const payer = await payerWithoutGas(env.anvil.rpcUrl, DEV_USDC_ADDRESS, 4_000_000n)
    const { authorization: a, signature } = await signedAuthorization(env.app.url, request.id, payer)
    const [relayer] = await relayersOf(env.app.url, env.payee.cookie)
    const { walletOf, publicClient } = chainClients(env.anvil.rpcUrl)
    const nonceBefore = await publicClient.getTransactionCount({ address: relayer!.address })
    await publicClient.waitForTransactionReceipt({
      hash: await walletOf(5).writeContract({
        address: DEV_USDC_ADDRESS,
        abi: testUsdcAbi,
        functionName: 'transferWithAuthorization',
        args: [a.from, a.to, BigInt(a.value), BigInt(a.validAfter), BigInt(a.validBefore), a.nonce, signature],
      }),
      pollingInterval: 20,
    })
    const answer = await payGasless(env.app.url, request.id, a, signature)
    expect([codes(answer), answer.errors![0]!.extensions!.field]).toEqual([
      ['AUTHORIZATION_USED'],
      'authorization.nonce',
    ])
    await expect.poll(async () => (await statusOf(env.app.url, request.id)).status, { timeout: 15_000 }).toBe('paid')
    expect((await statusOf(env.app.url, request.id)).payments).toHaveLength(1)
    expect(await publicClient.getTransactionCount({ address: relayer!.address })).toBe(nonceBefore)
    expect((await myRelays()).filter((r) => r.requestId === request.id)).toEqual([])
  })

  it("relays a smart account's ERC-1271 signature (the bytes form): paid from the account", async () => {
    const account = await deploySmartAccount(env.anvil.rpcUrl, 4)
    const request = await createRequest(env.app.url, env.payee.cookie, env.payee.account, { amount: '1.25' })
    const owner = mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex: 4 })
    const ownerKey = toHex(owner.getHdKey().privateKey!)
    const asked = await graphql<{ transferAuthorization: { domain: never; message: Record<string, string> } }>(
      env.app.url,
      'query($r: String!, $p: String!) { transferAuthorization(requestId: $r, payer: $p) { domain { name version chainId verifyingContract } message { from to value validAfter validBefore nonce } } }',
      { variables: { r: request.id, p: account.address } },
    )
    const { domain, message } = asked.data!.transferAuthorization
    const digest = hashTypedData({
      domain,
      types: TRANSFER_WITH_AUTHORIZATION_TYPES,
      primaryType: 'TransferWithAuthorization',
      message: {
        ...message,
        value: BigInt(message.value!),
        validAfter: BigInt(message.validAfter!),
        validBefore: BigInt(message.validBefore!),
      } as never,
    })
    const signature = await sign({ hash: digest, privateKey: ownerKey, to: 'hex' })
    const answer = await payGasless(env.app.url, request.id, message as never, signature)
    expect(answer.errors).toBeUndefined()
    await expect.poll(async () => (await statusOf(env.app.url, request.id)).status, { timeout: 15_000 }).toBe('paid')
    expect((await statusOf(env.app.url, request.id)).payments.map((p) => getAddress(p.from))).toEqual([
      getAddress(account.address),
    ])
  })

  it("withdraws what the relayer holds back to the payee's address", async () => {
    await expect.poll(async () => (await myRelays()).every((r) => r.state === 'mined'), { timeout: 10_000 }).toBe(true)
    const { publicClient } = chainClients(env.anvil.rpcUrl)
    const [relayer] = await relayersOf(env.app.url, env.payee.cookie)
    const before = await publicClient.getBalance({ address: env.payee.account.address })
    const answer = await graphql<{ withdrawRelayer: { state: string; value: string } }>(
      env.app.url,
      'mutation { withdrawRelayer(chainId: 31337) { state value } }',
      { cookie: env.payee.cookie },
    )
    expect(answer.errors).toBeUndefined()
    const sent = BigInt(answer.data!.withdrawRelayer.value)
    await expect
      .poll(() => publicClient.getBalance({ address: env.payee.account.address }), { timeout: 10_000 })
      .toBe(before + sent)
    expect(sent).toBeGreaterThan(BigInt(relayer!.balance) - 21_000n * 10n ** 10n)
    expect(await publicClient.getBalance({ address: relayer!.address })).toBeLessThan(21_000n * 10n ** 10n)
  })
})
