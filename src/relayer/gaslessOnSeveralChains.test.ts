import { parseUnits } from 'viem'
import { startTestChains } from '../../testing/testChain.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../testing/startTestApp.ts'
import { graphql } from '../api/testing/graphqlClient.ts'
import { DEV_CHAIN_ID } from '../chain/chains.ts'
import type { AnvilNode } from '../chain/devnet/startAnvil.ts'
import { DEV_USDC_ADDRESS } from '../chain/tokens.ts'
import { newPaymentReference } from '../domain/paymentReference.ts'
import { requestTermsTypedData } from '../domain/requestChains.ts'
import { TRANSFER_WITH_AUTHORIZATION_TYPES } from '../domain/transferAuthorization.ts'
import {
  newPayee,
  payerWithoutGas,
  turnOnRelayer,
  UPDATE_RELAYER,
  type RelayAnswer,
  type TypedAuthorization,
} from './testing/gasless.ts'

const BASE_SEPOLIA_ID = 84532
const ARBITRUM_SEPOLIA_ID = 421614

let nodes: AnvilNode[] = []
let app: TestApp
let payee: Awaited<ReturnType<typeof newPayee>>
beforeAll(async () => {
  nodes = await startTestChains([DEV_CHAIN_ID, BASE_SEPOLIA_ID])
  app = await startTestApp({
    anvilUrl: nodes[0]!.rpcUrl,
    chainRpcUrls: { [BASE_SEPOLIA_ID]: nodes[1]!.rpcUrl },
    rateLimitPerMinute: 0,
    relayMonitor: { intervalMs: 100 },
  })
  payee = await newPayee(app.url)
  // Payments without gas are on, and funded, on the request's own chain only.
  await turnOnRelayer(app.url, nodes[0]!.rpcUrl, payee.cookie)
}, 120_000)
afterAll(async () => {
  await app?.close()
  await Promise.all(nodes.map((n) => n.stop()))
})

const CREATE = 'mutation($input: CreatePaymentRequestInput!) { createPaymentRequest(input: $input) { id } }'
const GASLESS = `query($id: String!, $payer: String, $chainId: Int) {
  paymentRequest(id: $id) { gasless(payer: $payer, chainId: $chainId) { available reason reasonCode } }
}`
const AUTHORIZATION = `query($requestId: String!, $payer: String!, $chainId: Int) {
  transferAuthorization(requestId: $requestId, payer: $payer, chainId: $chainId) {
    domain { name version chainId verifyingContract }
    message { from to value validAfter validBefore nonce }
  }
}`
const PAY = `mutation($requestId: String!, $authorization: TransferAuthorizationInput!, $signature: String!, $chainId: Int) {
  payWithAuthorization(requestId: $requestId, authorization: $authorization, signature: $signature, chainId: $chainId) {
    id chainId state reason transactionHash
  }
}`
const REQUEST = `query($id: String!) { paymentRequest(id: $id) { status payments { chainId amount } } }`

/** A request of the payee's for `amount` USDC accepting its own dev chain and the Base Sepolia id. */
async function twoChainRequest(amount: string): Promise<string> {
  const input = {
    chainId: DEV_CHAIN_ID,
    asset: DEV_USDC_ADDRESS,
    amount,
    payer: null,
    memo: 'Two chains, without gas',
    dueAt: new Date(Math.floor(Date.now() / 1000 + 86_400) * 1000).toISOString(),
    reference: newPaymentReference(),
    acceptedChains: [DEV_CHAIN_ID, BASE_SEPOLIA_ID].map((chainId) => ({ chainId, asset: DEV_USDC_ADDRESS })),
  }
  const signature = await payee.account.signTypedData(
    requestTermsTypedData({
      ...input,
      amount: parseUnits(amount, 6),
      payee: payee.account.address,
      dueAt: new Date(input.dueAt),
    }) as Parameters<typeof payee.account.signTypedData>[0],
  )
  const created = await graphql<{ createPaymentRequest: { id: string } }>(app.url, CREATE, {
    variables: { input: { ...input, signature } },
    cookie: payee.cookie,
  })
  if (!created.data) throw new Error(JSON.stringify(created.errors))
  return created.data.createPaymentRequest.id
}

const gaslessOn = async (id: string, chainId?: number) =>
  (
    await graphql<{ paymentRequest: { gasless: { available: boolean; reason: string | null; reasonCode: string } } }>(
      app.url,
      GASLESS,
      { variables: { id, chainId } },
    )
  ).data!.paymentRequest.gasless

/** The payer signs what the API gives them to sign on `chainId`, and sends it to be relayed there. */
async function payWithoutGasOn(id: string, payer: Awaited<ReturnType<typeof payerWithoutGas>>, chainId: number) {
  const asked = await graphql<{ transferAuthorization: TypedAuthorization }>(app.url, AUTHORIZATION, {
    variables: { requestId: id, payer: payer.address, chainId },
  })
  if (!asked.data) throw new Error(JSON.stringify(asked.errors))
  const { domain, message } = asked.data.transferAuthorization
  const signature = await payer.signTypedData({
    domain,
    types: TRANSFER_WITH_AUTHORIZATION_TYPES,
    primaryType: 'TransferWithAuthorization',
    message: {
      ...message,
      value: BigInt(message.value),
      validAfter: BigInt(message.validAfter),
      validBefore: BigInt(message.validBefore),
    },
  })
  const relayed = await graphql<{ payWithAuthorization: RelayAnswer & { chainId: number } }>(app.url, PAY, {
    variables: { requestId: id, authorization: message, signature, chainId },
  })
  return { domain, relayed }
}

const requestOf = async (id: string) =>
  (
    await graphql<{ paymentRequest: { status: string; payments: { chainId: number; amount: string }[] } }>(
      app.url,
      REQUEST,
      { variables: { id } },
    )
  ).data!.paymentRequest

describe('paying without gas on another chain a request accepts', () => {
  it('is offered there only once the payee’s relayer on that chain is on and funded, each refusal with its code', async () => {
    const id = await twoChainRequest('2.50')
    // A relayer's balance is read again after two seconds: the funds just sent show then.
    await expect.poll(() => gaslessOn(id), { timeout: 10_000 }).toMatchObject({ available: true, reasonCode: null })
    expect(await gaslessOn(id, BASE_SEPOLIA_ID)).toMatchObject({ available: false, reasonCode: 'relayer_off' })

    // On but empty: the own chain's funds pay nothing here.
    await turnOnRelayer(app.url, nodes[1]!.rpcUrl, payee.cookie, { chainId: BASE_SEPOLIA_ID, fund: 0n })
    expect(await gaslessOn(id, BASE_SEPOLIA_ID)).toMatchObject({ available: false, reasonCode: 'relayer_unfunded' })
    expect(await gaslessOn(id, ARBITRUM_SEPOLIA_ID)).toMatchObject({
      available: false,
      reasonCode: 'chain_not_accepted',
    })
  })

  it('relays the payer’s authorization on the chain they chose, by that chain’s relayer: the request is paid there', async () => {
    await turnOnRelayer(app.url, nodes[1]!.rpcUrl, payee.cookie, { chainId: BASE_SEPOLIA_ID })
    const id = await twoChainRequest('3.75')
    await expect
      .poll(() => gaslessOn(id, BASE_SEPOLIA_ID), { timeout: 10_000 })
      .toMatchObject({ available: true, reasonCode: null })

    const payer = await payerWithoutGas(nodes[1]!.rpcUrl, DEV_USDC_ADDRESS, parseUnits('3.75', 6), 9, BASE_SEPOLIA_ID)
    const { domain, relayed } = await payWithoutGasOn(id, payer, BASE_SEPOLIA_ID)
    expect(domain.chainId).toBe(BASE_SEPOLIA_ID)
    expect(relayed.errors).toBeUndefined()
    expect(relayed.data!.payWithAuthorization).toMatchObject({ chainId: BASE_SEPOLIA_ID, state: 'sent' })
    await expect.poll(async () => (await requestOf(id)).status, { timeout: 30_000 }).toBe('paid')
    expect((await requestOf(id)).payments).toEqual([{ chainId: BASE_SEPOLIA_ID, amount: '3750000' }])
  })

  it('keeps each chain’s bounds to that chain: a fee cap on one leaves the other offered', async () => {
    const capped = await graphql(app.url, UPDATE_RELAYER, {
      cookie: payee.cookie,
      variables: { chainId: BASE_SEPOLIA_ID, enabled: true, feeCap: '1' },
    })
    expect(capped.errors).toBeUndefined()
    const id = await twoChainRequest('1.10')
    await expect
      .poll(() => gaslessOn(id, BASE_SEPOLIA_ID), { timeout: 10_000 })
      .toMatchObject({ available: false, reasonCode: 'fee_above_cap' })
    expect(await gaslessOn(id, DEV_CHAIN_ID)).toMatchObject({ available: true, reasonCode: null })
  })

  it('refuses, naming chainId, an authorization or a relay on a chain the request does not accept', async () => {
    const id = await twoChainRequest('1.20')
    const payer = await payerWithoutGas(nodes[0]!.rpcUrl, DEV_USDC_ADDRESS, parseUnits('1.20', 6))
    const asked = await graphql(app.url, AUTHORIZATION, {
      variables: { requestId: id, payer: payer.address, chainId: ARBITRUM_SEPOLIA_ID },
    })
    expect(asked.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'chainId' })
    expect(asked.errors?.[0]?.message).toContain(`chainId ${ARBITRUM_SEPOLIA_ID} is not a chain this request accepts`)
    const zero = `0x${'0'.repeat(64)}`
    const relayed = await graphql(app.url, PAY, {
      variables: {
        requestId: id,
        authorization: {
          from: payer.address,
          to: payee.account.address,
          value: '1200000',
          validAfter: '0',
          validBefore: '9999999999',
          nonce: zero,
        },
        signature: '0x',
        chainId: ARBITRUM_SEPOLIA_ID,
      },
    })
    expect(relayed.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'chainId' })
  })
})
