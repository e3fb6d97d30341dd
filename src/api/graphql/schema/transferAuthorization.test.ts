import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../../testing/startTestApp.ts'
import { testUsdcAbi } from '../../../chain/devnet/testUsdcArtifact.ts'
import { DEV_EURC_ADDRESS, DEV_USDC_ADDRESS, DEV_USDT_ADDRESS } from '../../../chain/tokens.ts'
import { chainClients } from '../../../watcher/testing/payments.ts'
import { TRANSFER_WITH_AUTHORIZATION_TYPES } from '../../../domain/transferAuthorization.ts'
import { alice, codes, graphql, signIn } from '../../testing/graphqlClient.ts'
import { createRequest } from '../../testing/paymentRequestInput.ts'

const QUERY = `query($requestId: String!, $payer: String!) {
  transferAuthorization(requestId: $requestId, payer: $payer) {
    primaryType
    domain { name version chainId verifyingContract }
    message { from to value validAfter validBefore nonce }
  }
}`
type Authorization = {
  primaryType: 'TransferWithAuthorization'
  domain: { name: string; version: string; chainId: number; verifyingContract: `0x${string}` }
  message: {
    from: `0x${string}`
    to: `0x${string}`
    value: string
    validAfter: string
    validBefore: string
    nonce: `0x${string}`
  }
}

let app: TestApp
let cookie: string
const anvilUrl = inject('anvilUrl')
beforeAll(async () => {
  app = await startTestApp({ anvilUrl, rateLimitPerMinute: 0 })
  cookie = (await signIn(app.url, alice)).cookie
})
afterAll(async () => app?.close())

const statusOf = async (id: string) =>
  (
    await graphql<{ paymentRequest: { status: string } }>(
      app.url,
      'query($id: String!) { paymentRequest(id: $id) { status } }',
      { variables: { id } },
    )
  ).data!.paymentRequest.status

describe('paying by a signed ERC-3009 authorization that anyone submits', () => {
  it.each([
    ['USDC', DEV_USDC_ADDRESS, 'USD Coin'],
    ['EURC', DEV_EURC_ADDRESS, 'EURC'],
  ] as const)(
    'gives a payer with no gas the %s authorization to sign; submitted by another account, it pays the request',
    async (_, asset, domainName) => {
      const request = await createRequest(app.url, cookie, alice, { asset, amount: '8.40' })
      const payer = privateKeyToAccount(generatePrivateKey())
      const { walletOf, publicClient } = chainClients(anvilUrl)
      await publicClient.waitForTransactionReceipt({
        hash: await walletOf(3).writeContract({
          address: asset,
          abi: testUsdcAbi,
          functionName: 'mint',
          args: [payer.address, 10_000_000n],
        }),
        pollingInterval: 20,
      })

      const answer = await graphql<{ transferAuthorization: Authorization }>(app.url, QUERY, {
        variables: { requestId: request.id, payer: payer.address.toLowerCase() },
      })
      const { domain, message } = answer.data!.transferAuthorization
      expect(domain).toEqual({ name: domainName, version: '2', chainId: 31337, verifyingContract: asset })
      expect([message.from, message.to, message.value, message.validAfter]).toEqual([
        payer.address,
        alice.address,
        '8400000',
        '0',
      ])
      expect(message.nonce.slice(0, 34)).toBe(request.reference)
      const typed = {
        domain,
        types: TRANSFER_WITH_AUTHORIZATION_TYPES,
        primaryType: 'TransferWithAuthorization' as const,
        message: {
          ...message,
          value: BigInt(message.value),
          validAfter: BigInt(message.validAfter),
          validBefore: BigInt(message.validBefore),
        },
      }
      const signature = await payer.signTypedData(typed)
      const m = typed.message
      await publicClient.waitForTransactionReceipt({
        hash: await walletOf(3).writeContract({
          address: asset,
          abi: testUsdcAbi,
          functionName: 'transferWithAuthorization',
          args: [m.from, m.to, m.value, m.validAfter, m.validBefore, m.nonce, signature],
        }),
        pollingInterval: 20,
      })
      await expect.poll(() => statusOf(request.id), { timeout: 10_000 }).toBe('paid')
      expect(await publicClient.getBalance({ address: payer.address })).toBe(0n)
    },
  )

  it('says why not, naming the field: unknown request, bad payer, a token without ERC-3009, a request no longer payable', async () => {
    const ask = (requestId: string, payer: string) => graphql(app.url, QUERY, { variables: { requestId, payer } })
    const usdt = await createRequest(app.url, cookie, alice, { asset: DEV_USDT_ADDRESS, amount: '1' })
    const usdc = await createRequest(app.url, cookie, alice, { amount: '1' })
    const cases: [string, string, string, string][] = [
      ['nonexistent0000x', alice.address, 'NOT_FOUND', 'requestId'],
      [usdc.id, '0x12 34', 'BAD_USER_INPUT', 'payer'],
      [usdc.id, '0x1234', 'BAD_USER_INPUT', 'payer'],
      [usdt.id, alice.address, 'AUTHORIZATION_UNSUPPORTED', 'requestId'],
    ]
    for (const [requestId, payer, code, field] of cases) {
      const answer = await ask(requestId, payer)
      expect([codes(answer), answer.errors![0]!.extensions!.field], `${requestId} ${payer}`).toEqual([[code], field])
    }
    await graphql(app.url, 'mutation($id: String!) { cancelPaymentRequest(id: $id) { status } }', {
      variables: { id: usdc.id },
      cookie,
    })
    const cancelled = await ask(usdc.id, alice.address)
    expect(codes(cancelled)).toEqual(['NOT_PAYABLE'])
    expect(cancelled.errors![0]!.message).toBe('This request is cancelled: there is nothing to authorise.')
  })
})
