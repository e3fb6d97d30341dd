import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { privateKeyToAccount } from 'viem/accounts'
import { startThreeChainApp, type ThreeChains } from '../../../testing/threeChains.ts'
import type { TestApp } from '../../../testing/startTestApp.ts'
import { DEV_CHAIN_ID } from '../../chain/chains.ts'
import { DEV_EURC_ADDRESS, DEV_USDC_ADDRESS } from '../../chain/tokens.ts'
import { parseAmount } from '../../domain/amount.ts'
import { NATIVE_ASSET } from '../../domain/paymentRequest.ts'
import { requestTermsTypedData, type AcceptedChain } from '../../domain/requestChains.ts'
import { authoriseMemberDelegate, joinAs } from '../../api/testing/businessClient.ts'
import { alice, codes, graphql, signIn } from '../../api/testing/graphqlClient.ts'
import { createApiKey, inAWeek, rest } from '../../api/testing/merchantClient.ts'
import { signedRequestInput } from '../../api/testing/paymentRequestInput.ts'

// Offsets 15 to 17: three Anvils of this file's own.
const PORT = Number(process.env.TEST_ANVIL_PORT ?? 8556) + 15
const onEvery = (asset: string): AcceptedChain[] =>
  [DEV_CHAIN_ID, 84532, 421614].map((chainId) => ({ chainId, asset: asset as AcceptedChain['asset'] }))
const admin = privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a')

const CREATE = 'mutation($input: CreatePaymentRequestInput!) { createPaymentRequest(input: $input) { id } }'
const ACCEPTED = '{ paymentRequest(id: $id) { acceptedChains { chainId asset } } }'.replace(
  '{ p',
  'query($id: String!) { p',
)

let three: ThreeChains
let app: TestApp
let owner: string
let secret: string
beforeAll(async () => {
  ;({ three, app } = await startThreeChainApp(PORT))
  owner = (await signIn(app.url, alice)).cookie
  const key = await createApiKey(app.url, owner, alice, { scopes: ['requests:write', 'requests:read'] })
  secret = key.data!.createApiKey.secret
})
afterAll(async () => {
  await app?.close()
  await three?.stop()
})

async function acceptedChainsOf(id: string) {
  const read = await graphql<{ paymentRequest: { acceptedChains: AcceptedChain[] } }>(app.url, ACCEPTED, {
    variables: { id },
  })
  return read.data!.paymentRequest.acceptedChains
}

/** The create form's input, signed by the owner over `chains` (one entry: the one-chain terms). */
async function signedOver(chains: AcceptedChain[], overrides: Record<string, unknown> = {}) {
  const input = await signedRequestInput(alice, overrides)
  const typedData = requestTermsTypedData({
    ...input,
    asset: input.asset as AcceptedChain['asset'],
    amount: parseAmount(input.amount, 6),
    payee: alice.address,
    payer: null,
    dueAt: new Date(input.dueAt),
    reference: input.reference as `0x${string}`,
    acceptedChains: chains,
  })
  return { ...input, signature: await alice.signTypedData(typedData as Parameters<typeof alice.signTypedData>[0]) }
}

describe('what a new request accepts unless told', () => {
  it('over REST: every offered chain where the token exists; an empty list is its own chain alone', async () => {
    const body = { chainId: DEV_CHAIN_ID, asset: DEV_USDC_ADDRESS, amount: '5', dueAt: inAWeek() }
    const unlisted = await rest(app.url, '/payment-requests', { method: 'POST', secret, body })
    expect(unlisted.status).toBe(201)
    expect(unlisted.body!.acceptedChains).toEqual(onEvery(DEV_USDC_ADDRESS))
    expect(await acceptedChainsOf(unlisted.body!.id)).toEqual(onEvery(DEV_USDC_ADDRESS))

    const alone = await rest(app.url, '/payment-requests', {
      method: 'POST',
      secret,
      body: { ...body, acceptedChains: [] },
    })
    expect(alone.body!.acceptedChains).toEqual(onEvery(DEV_USDC_ADDRESS).slice(0, 1))

    // Native ETH is one coin on the three dev chains too: the default follows the request's asset.
    const eth = await rest(app.url, '/payment-requests', {
      method: 'POST',
      secret,
      body: { ...body, asset: NATIVE_ASSET, amount: '0.01' },
    })
    expect(eth.body!.acceptedChains).toEqual(onEvery(NATIVE_ASSET))
  })

  it("over GraphQL: the owner's signature says which set, the default or the own chain alone", async () => {
    const overDefault = await graphql<{ createPaymentRequest: { id: string } }>(app.url, CREATE, {
      cookie: owner,
      variables: { input: await signedOver(onEvery(DEV_USDC_ADDRESS)) },
    })
    expect(await acceptedChainsOf(overDefault.data!.createPaymentRequest.id)).toEqual(onEvery(DEV_USDC_ADDRESS))

    // A client that signs the one-chain terms and lists nothing, as clients did before requests took several.
    const oneChain = await graphql<{ createPaymentRequest: { id: string } }>(app.url, CREATE, {
      cookie: owner,
      variables: { input: await signedRequestInput(alice) },
    })
    expect(await acceptedChainsOf(oneChain.data!.createPaymentRequest.id)).toEqual(
      onEvery(DEV_USDC_ADDRESS).slice(0, 1),
    )

    // A listed set is what must have been signed: the one-chain signature does not stand for it.
    const listed = await graphql(app.url, CREATE, {
      cookie: owner,
      variables: {
        input: { ...(await signedRequestInput(alice)), acceptedChains: [{ chainId: 84532, asset: DEV_USDC_ADDRESS }] },
      },
    })
    expect(codes(listed)).toEqual(['SIGNATURE_MISMATCH'])
    // A signature over two of the three, the set left out: neither the default nor the own chain alone.
    const twoOfThree = await graphql(app.url, CREATE, {
      cookie: owner,
      variables: { input: await signedOver(onEvery(DEV_USDC_ADDRESS).slice(0, 2)) },
    })
    expect(codes(twoOfThree)).toEqual(['SIGNATURE_MISMATCH'])
  })

  it("an admin's request, signed by the members' delegate, accepts the default set too", async () => {
    const cookie = await joinAs(app.url, owner, 'admin', admin)
    await authoriseMemberDelegate(app.url, owner, alice)
    const terms = { ...(await signedRequestInput(alice, { asset: DEV_EURC_ADDRESS })), signature: null }
    const made = await graphql<{ createPaymentRequest: { id: string } }>(app.url, CREATE, {
      cookie,
      variables: { input: terms },
    })
    expect(made.errors).toBeUndefined()
    expect(await acceptedChainsOf(made.data!.createPaymentRequest.id)).toEqual(onEvery(DEV_EURC_ADDRESS))
  })
})
