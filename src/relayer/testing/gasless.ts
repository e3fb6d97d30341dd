import { parseEther, type Address, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { afterAll, beforeAll } from 'vitest'
import { freePort } from '../../../testing/freePort.ts'
import { startTestApp, type TestApp } from '../../../testing/startTestApp.ts'
import { startTestChain } from '../../../testing/testChain.ts'
import { graphql, signIn, type GraphqlResponse } from '../../api/testing/graphqlClient.ts'
import type { AnvilNode } from '../../chain/devnet/startAnvil.ts'
import { DEV_CHAIN_ID } from '../../chain/chains.ts'
import { testUsdcAbi } from '../../chain/devnet/testUsdcArtifact.ts'
import { chainClients } from '../../watcher/testing/payments.ts'
import { TRANSFER_WITH_AUTHORIZATION_TYPES } from '../../domain/transferAuthorization.ts'

export type AuthorizationStrings = {
  from: Address
  to: Address
  value: string
  validAfter: string
  validBefore: string
  nonce: Hex
}
export type TypedAuthorization = {
  domain: { name: string; version: string; chainId: number; verifyingContract: Address }
  message: AuthorizationStrings
}

const AUTHORIZATION = `query($requestId: String!, $payer: String!) {
  transferAuthorization(requestId: $requestId, payer: $payer) {
    domain { name version chainId verifyingContract }
    message { from to value validAfter validBefore nonce }
  }
}`
export const PAY = `mutation($requestId: String!, $authorization: TransferAuthorizationInput!, $signature: String!) {
  payWithAuthorization(requestId: $requestId, authorization: $authorization, signature: $signature) {
    id state reason transactionHash nonce
  }
}`
export type RelayAnswer = {
  id: string
  state: string
  reason: string | null
  transactionHash: string | null
  nonce: number | null
}

/** A payee signed in with a fresh key, and its session. */
export async function newPayee(url: string) {
  const account = privateKeyToAccount(generatePrivateKey())
  return { account, cookie: (await signIn(url, account)).cookie }
}

const RELAYERS = 'query { myRelayers { chainId address balance enabled feeCap lowBalance relayCost } }'
export type RelayerAnswer = {
  chainId: number
  address: Address
  balance: string
  enabled: boolean
  feeCap: string | null
  lowBalance: boolean
  relayCost: string
}

export async function relayersOf(url: string, cookie: string) {
  return (await graphql<{ myRelayers: RelayerAnswer[] }>(url, RELAYERS, { cookie })).data!.myRelayers
}

export const UPDATE_RELAYER = `mutation($chainId: Int!, $enabled: Boolean, $feeCap: String) {
  updateRelayer(chainId: $chainId, enabled: $enabled, feeCap: $feeCap) { address enabled feeCap }
}`

/** The payee's relayer on the dev chain (or `chainId`), funded by dev account `funder` with `fund` and turned on. */
export async function turnOnRelayer(
  url: string,
  anvilUrl: string,
  cookie: string,
  {
    fund = parseEther('0.1'),
    feeCap,
    funder = 8,
    chainId = DEV_CHAIN_ID,
  }: { fund?: bigint; feeCap?: string; funder?: number; chainId?: number } = {},
): Promise<Address> {
  const relayer = (await relayersOf(url, cookie)).find((r) => r.chainId === chainId)
  const { walletOf, publicClient } = chainClients(anvilUrl, chainId)
  if (fund > 0n)
    await publicClient.waitForTransactionReceipt({
      hash: await walletOf(funder).sendTransaction({ to: relayer!.address, value: fund }),
      pollingInterval: 20,
    })
  const updated = await graphql(url, UPDATE_RELAYER, { cookie, variables: { chainId, enabled: true, feeCap } })
  if (updated.errors) throw new Error(JSON.stringify(updated.errors))
  return relayer!.address
}

/** A fresh payer holding `amount` of the token (on the dev chain, or `chainId`) and no native coin at all. */
export async function payerWithoutGas(
  anvilUrl: string,
  token: Address,
  amount: bigint,
  minter = 9,
  chainId = DEV_CHAIN_ID,
) {
  const payer = privateKeyToAccount(generatePrivateKey())
  const { walletOf, publicClient } = chainClients(anvilUrl, chainId)
  await publicClient.waitForTransactionReceipt({
    hash: await walletOf(minter).writeContract({
      address: token,
      abi: testUsdcAbi,
      functionName: 'mint',
      args: [payer.address, amount],
    }),
    pollingInterval: 20,
  })
  return payer
}

/** What the API gives the payer to sign, signed by `signer` (the payer, unless a test forges), with `change` applied first. */
export async function signedAuthorization(
  url: string,
  requestId: string,
  payer: PrivateKeyAccount,
  {
    signer = payer,
    change = (t) => t,
  }: { signer?: PrivateKeyAccount; change?: (t: TypedAuthorization) => TypedAuthorization } = {},
) {
  const answer = await graphql<{ transferAuthorization: TypedAuthorization }>(url, AUTHORIZATION, {
    variables: { requestId, payer: payer.address },
  })
  if (!answer.data) throw new Error(JSON.stringify(answer.errors))
  const { domain, message } = change(answer.data.transferAuthorization)
  const signature = await signer.signTypedData({
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
  return { authorization: message, signature, domain }
}

export function payGasless(
  url: string,
  requestId: string,
  authorization: AuthorizationStrings,
  signature: string,
): Promise<GraphqlResponse<{ payWithAuthorization: RelayAnswer }>> {
  return graphql(url, PAY, { variables: { requestId, authorization, signature } })
}

export async function statusOf(url: string, id: string) {
  const answer = await graphql<{ paymentRequest: { status: string; payments: { from: string }[] } }>(
    url,
    'query($id: String!) { paymentRequest(id: $id) { status payments { from } } }',
    { variables: { id } },
  )
  return answer.data!.paymentRequest
}

/**
 * A test file's own dev chain and app (the relay monitor quick), with a payee signed in whose
 * relayer is funded and on: filled in before the tests, closed after.
 */
export function useGaslessApp(
  overrides: Partial<Parameters<typeof startTestApp>[0]> = {},
  { fund }: { fund?: bigint } = {},
) {
  const env = {} as { anvil: AnvilNode; app: TestApp; payee: Awaited<ReturnType<typeof newPayee>> }
  beforeAll(async () => {
    env.anvil = await startTestChain(await freePort())
    env.app = await startTestApp({
      anvilUrl: env.anvil.rpcUrl,
      rateLimitPerMinute: 0,
      relayMonitor: { intervalMs: 100 },
      ...overrides,
    })
    env.payee = await newPayee(env.app.url)
    await turnOnRelayer(env.app.url, env.anvil.rpcUrl, env.payee.cookie, fund === undefined ? {} : { fund })
  })
  afterAll(async () => {
    await env.app?.close()
    await env.anvil?.stop()
  })
  return env
}
