import { decodeFunctionData, encodePacked, pad, zeroHash, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { freePort } from '../../testing/freePort.ts'
import { startIrisService } from '../../testing/irisService.ts'
import { startTestApp, type TestApp } from '../../testing/startTestApp.ts'
import { cctpChains, messageTransmitterV2Abi, tokenMessengerV2Abi } from '../chain/cctp/cctpContracts.ts'
import { setUpDevChain } from '../chain/devnet/setUpDevChain.ts'
import { startAnvil, type AnvilNode } from '../chain/devnet/startAnvil.ts'
import { DEV_USDC_ADDRESS } from '../chain/tokens.ts'
import { alice, graphql, signIn } from './testing/graphqlClient.ts'

const [BASE_SEPOLIA_ID, ARBITRUM_SEPOLIA_ID] = [84532, 421614]

let node: AnvilNode
let iris: Awaited<ReturnType<typeof startIrisService>>
let app: TestApp
let cookie: string
beforeAll(async () => {
  node = await startAnvil({ port: await freePort(), chainId: BASE_SEPOLIA_ID })
  await setUpDevChain(node.rpcUrl)
  iris = await startIrisService()
  app = await startTestApp({
    anvilUrl: inject('anvilUrl'),
    chainRpcUrls: { [BASE_SEPOLIA_ID]: node.rpcUrl },
    rateLimitPerMinute: 0,
    watch: false,
    cctpIrisUrl: iris.url,
  })
  cookie = (await signIn(app.url, alice)).cookie
}, 60_000)
afterAll(async () => {
  await app?.close()
  await iris?.close()
  await node?.stop()
})

describe("bringing what arrived on one chain to another with Circle's CCTP, prepared for the payee's wallet", () => {
  type Call = { chainId: number; to: string; data: Hex; purpose: string }
  it('prepares the approval and the burn of the USDC on the Base Sepolia id, for the Arbitrum Sepolia id, to the payee', async () => {
    const { data, errors } = await graphql<{ usdcToOneChain: Call[] }>(
      app.url,
      `{ usdcToOneChain(sourceChainId: ${BASE_SEPOLIA_ID}, destinationChainId: ${ARBITRUM_SEPOLIA_ID}, amount: "4") { chainId to data purpose } }`,
      { cookie },
    )
    expect(errors).toBeUndefined()
    const calls = data!.usdcToOneChain
    expect(calls.map((c) => c.purpose)).toEqual(['approve', 'burn'])
    expect(calls[1]).toMatchObject({ chainId: BASE_SEPOLIA_ID, to: cctpChains[BASE_SEPOLIA_ID]!.tokenMessenger })
    expect(decodeFunctionData({ abi: tokenMessengerV2Abi, data: calls[1]!.data }).args).toEqual([
      4_000_000n,
      3,
      pad(alice.address).toLowerCase(),
      DEV_USDC_ADDRESS,
      zeroHash,
      0n,
      2000,
    ])
  })

  it('refuses an amount it cannot read, naming the field', async () => {
    const { errors } = await graphql(
      app.url,
      `{ usdcToOneChain(sourceChainId: ${BASE_SEPOLIA_ID}, destinationChainId: ${ARBITRUM_SEPOLIA_ID}, amount: "four") { data } }`,
      { cookie },
    )
    expect(errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'amount' })
  })

  it("waits for Circle's attestation, then prepares receiveMessage on the destination's MessageTransmitter", async () => {
    const burnTx = `0x${'d3'.repeat(32)}` as Hex
    const ask = async () =>
      (
        await graphql<{ usdcMintOnDestination: { state: string; call: Call | null } }>(
          app.url,
          `{ usdcMintOnDestination(sourceChainId: ${BASE_SEPOLIA_ID}, txHash: "${burnTx}") { state reason call { chainId to data purpose } } }`,
          { cookie },
        )
      ).data!.usdcMintOnDestination
    expect(await ask()).toMatchObject({ state: 'pending', call: null })
    const message = encodePacked(
      ['uint32', 'uint32', 'uint32', 'bytes32', 'bytes32', 'bytes32', 'bytes32', 'uint32', 'uint32', 'bytes'],
      [1, 6, 3, zeroHash, zeroHash, zeroHash, zeroHash, 2000, 2000, '0x'],
    )
    const attestation = `0x${'5a'.repeat(65)}` as Hex
    iris.attested(6, burnTx, message, attestation)
    const mint = await ask()
    expect(mint).toMatchObject({
      state: 'complete',
      call: { chainId: ARBITRUM_SEPOLIA_ID, to: cctpChains[ARBITRUM_SEPOLIA_ID]!.messageTransmitter, purpose: 'mint' },
    })
    expect(decodeFunctionData({ abi: messageTransmitterV2Abi, data: mint.call!.data }).args).toEqual([
      message,
      attestation,
    ])
  })
})
