import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { codes, graphql } from '../api/testing/graphqlClient.ts'
import { createApiKey, inAWeek, rest } from '../api/testing/merchantClient.ts'
import { createRequest } from '../api/testing/paymentRequestInput.ts'
import { DEV_EURC_ADDRESS, DEV_USDC_ADDRESS, DEV_USDT_ADDRESS } from '../chain/tokens.ts'
import { chainClients } from '../watcher/testing/payments.ts'
import {
  newPayee,
  payGasless,
  payerWithoutGas,
  relayersOf,
  signedAuthorization,
  turnOnRelayer,
  type TypedAuthorization,
  useGaslessApp,
} from './testing/gasless.ts'

const env = useGaslessApp()

const now = () => Math.floor(Date.now() / 1000)
const message = (change: Partial<TypedAuthorization['message']>) => (t: TypedAuthorization) => ({
  ...t,
  message: { ...t.message, ...change },
})
const gaslessOf = async (id: string) =>
  (
    await graphql<{ paymentRequest: { gasless: { available: boolean; reason: string | null } } }>(
      env.app.url,
      'query($id: String!) { paymentRequest(id: $id) { gasless { available reason } } }',
      { variables: { id } },
    )
  ).data!.paymentRequest.gasless

describe('an authorization that cannot pay is refused before anything is stored or sent, naming the field', () => {
  it('refuses forged, mismatched, expired, malformed and too-long authorizations', async () => {
    const request = await createRequest(env.app.url, env.payee.cookie, env.payee.account, { amount: '10' })
    const payer = await payerWithoutGas(env.anvil.rpcUrl, DEV_USDC_ADDRESS, 10_000_000n)
    const intruder = privateKeyToAccount(generatePrivateKey())
    const signed = (options: Parameters<typeof signedAuthorization>[3]) =>
      signedAuthorization(env.app.url, request.id, payer, options)
    const eurcDomain = (t: TypedAuthorization) => ({
      ...t,
      domain: { ...t.domain, name: 'EURC', verifyingContract: DEV_EURC_ADDRESS },
    })
    const good = await signed({})
    const cases: [
      string,
      Promise<{ authorization: TypedAuthorization['message']; signature: string }>,
      string,
      string,
    ][] = [
      ['forged signature', signed({ signer: intruder }), 'SIGNATURE_INVALID', 'signature'],
      [
        'wrong amount',
        signed({ change: message({ value: '9000000' }) }),
        'AUTHORIZATION_MISMATCH',
        'authorization.value',
      ],
      [
        'another payee',
        signed({ change: message({ to: intruder.address }) }),
        'AUTHORIZATION_MISMATCH',
        'authorization.to',
      ],
      [
        'expired window',
        signed({ change: message({ validBefore: String(now() - 5) }) }),
        'AUTHORIZATION_EXPIRED',
        'authorization.validBefore',
      ],
      [
        'ten-year window',
        signed({ change: message({ validBefore: String(now() + 10 * 365 * 86_400) }) }),
        'BAD_USER_INPUT',
        'authorization.validBefore',
      ],
      ['another token', signed({ change: eurcDomain }), 'AUTHORIZATION_MISMATCH', 'signature'],
      [
        'a nonce of another request',
        signed({ change: message({ nonce: `0x${'ab'.repeat(32)}` }) }),
        'AUTHORIZATION_MISMATCH',
        'authorization.nonce',
      ],
      ['malformed signature', Promise.resolve({ ...good, signature: '0x1234zz' }), 'BAD_USER_INPUT', 'signature'],
      [
        'decimals in the value',
        Promise.resolve({ ...good, authorization: { ...good.authorization, value: '10.000000' } }),
        'BAD_USER_INPUT',
        'authorization.value',
      ],
      [
        'a payer that is not an address',
        Promise.resolve({ ...good, authorization: { ...good.authorization, from: '0x12 34' as never } }),
        'BAD_USER_INPUT',
        'authorization.from',
      ],
    ]
    const [relayer] = await relayersOf(env.app.url, env.payee.cookie)
    const { publicClient } = chainClients(env.anvil.rpcUrl)
    for (const [name, attempt, code, field] of cases) {
      const { authorization, signature } = await attempt
      const answer = await payGasless(env.app.url, request.id, authorization, signature)
      expect([codes(answer), answer.errors?.[0]?.extensions?.field], name).toEqual([[code], field])
      expect(answer.errors![0]!.message, name).toMatch(/\w{4,}/)
    }
    const relays = await graphql<{ myRelays: unknown[] }>(env.app.url, 'query { myRelays { id } }', {
      cookie: env.payee.cookie,
    })
    expect(relays.data!.myRelays).toEqual([])
    expect(await publicClient.getTransactionCount({ address: relayer!.address })).toBe(0)
    // The good one still pays: nothing above used it up.
    expect((await payGasless(env.app.url, request.id, good.authorization, good.signature)).errors).toBeUndefined()
  })

  it('refuses a payer without the funds, and a token without ERC-3009', async () => {
    const request = await createRequest(env.app.url, env.payee.cookie, env.payee.account, { amount: '10' })
    const poor = await payerWithoutGas(env.anvil.rpcUrl, DEV_USDC_ADDRESS, 9_999_999n)
    const { authorization, signature } = await signedAuthorization(env.app.url, request.id, poor)
    const answer = await payGasless(env.app.url, request.id, authorization, signature)
    expect([codes(answer), answer.errors![0]!.extensions!.field]).toEqual([
      ['INSUFFICIENT_BALANCE'],
      'authorization.from',
    ])

    const usdt = await createRequest(env.app.url, env.payee.cookie, env.payee.account, {
      asset: DEV_USDT_ADDRESS,
      amount: '10',
    })
    expect(await gaslessOf(usdt.id)).toEqual({ available: false, reason: expect.stringContaining('USDT') })
    const refused = await payGasless(env.app.url, usdt.id, authorization, signature)
    expect(codes(refused)).toEqual(['AUTHORIZATION_UNSUPPORTED'])
  })

  it("says gasless is unavailable, and refuses, while the payee's relayer is off or cannot pay the fee", async () => {
    const offPayee = await newPayee(env.app.url)
    const off = await createRequest(env.app.url, offPayee.cookie, offPayee.account, { amount: '2' })
    expect(await gaslessOf(off.id)).toEqual({
      available: false,
      reason: 'The payee has not turned on payments without gas.',
    })

    const emptyPayee = await newPayee(env.app.url)
    await turnOnRelayer(env.app.url, env.anvil.rpcUrl, emptyPayee.cookie, { fund: 0n })
    const empty = await createRequest(env.app.url, emptyPayee.cookie, emptyPayee.account, { amount: '2' })
    expect(await gaslessOf(empty.id)).toEqual({ available: false, reason: expect.stringContaining('no funds') })
    const payer = await payerWithoutGas(env.anvil.rpcUrl, DEV_USDC_ADDRESS, 2_000_000n)
    for (const id of [off.id, empty.id]) {
      const { authorization, signature } = await signedAuthorization(env.app.url, id, payer)
      const answer = await payGasless(env.app.url, id, authorization, signature)
      expect([codes(answer), answer.errors![0]!.extensions!.field]).toEqual([['GASLESS_UNAVAILABLE'], 'requestId'])
    }
    const funded = await createRequest(env.app.url, env.payee.cookie, env.payee.account, { amount: '2' })
    expect(await gaslessOf(funded.id)).toEqual({ available: true, reason: null })
  })

  it("tells a merchant's server in the REST answer whether its payer can pay without gas", async () => {
    const secret = (await createApiKey(env.app.url, env.payee.cookie, env.payee.account)).data!.createApiKey.secret
    const order = (asset: string) => ({ chainId: 31337, asset, amount: '5', memo: 'Order 7', dueAt: inAWeek() })
    const usdc = await rest(env.app.url, '/payment-requests', { method: 'POST', secret, body: order(DEV_USDC_ADDRESS) })
    expect(usdc.status).toBe(201)
    expect(usdc.body!.gasless).toEqual({ available: true, reason: null, reasonCode: null })
    const usdt = await rest(env.app.url, '/payment-requests', { method: 'POST', secret, body: order(DEV_USDT_ADDRESS) })
    expect(usdt.body!.gasless).toEqual({
      available: false,
      reason: expect.stringContaining('USDT'),
      reasonCode: 'token_unsupported',
    })
    const read = await rest(env.app.url, `/payment-requests/${usdc.body!.id}`, { secret })
    expect(read.body!.gasless).toEqual({ available: true, reason: null, reasonCode: null })
  })
})
