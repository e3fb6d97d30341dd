import {
  decodeFunctionData,
  encodePacked,
  erc20Abi,
  pad,
  parseUnits,
  zeroHash,
  type Hex,
  type PublicClient,
} from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startIrisService } from '../../../testing/irisService.ts'
import { freePort } from '../../../testing/freePort.ts'
import { activeChains, assetsOf } from '../../chain/chains.ts'
import { messageTransmitterV2Abi, tokenMessengerV2Abi } from '../../chain/cctp/cctpContracts.ts'
import { devAccounts, setUpDevChain } from '../../chain/devnet/setUpDevChain.ts'
import { startAnvil, type AnvilNode } from '../../chain/devnet/startAnvil.ts'
import { DEV_USDC_ADDRESS } from '../../chain/tokens.ts'
import { chainClients } from '../../watcher/testing/payments.ts'
import { readAttestation } from './circleAttestation.ts'
import { prepareBurn, prepareMint } from './usdcToOneChain.ts'

const [BASE_SEPOLIA_ID, ARBITRUM_SEPOLIA_ID] = [84532, 421614]
/** A chain Circle's CCTP does not serve. */
const GNOSIS_ID = 100
/** Circle's published CCTP V2 contracts on the test networks (developers.circle.com, contract addresses). */
const TESTNET_TOKEN_MESSENGER = '0x8FE6B999Dc680CcFDD5Bf7EB0974218be2542DAA'
const TESTNET_MESSAGE_TRANSMITTER = '0xE737e5cEBEEBa77EFE34D4aa090756590b1CE275'
const owner = devAccounts[3]!

let node: AnvilNode
let iris: Awaited<ReturnType<typeof startIrisService>>
let network: Parameters<typeof prepareBurn>[0]
beforeAll(async () => {
  node = await startAnvil({ port: await freePort(), chainId: BASE_SEPOLIA_ID })
  await setUpDevChain(node.rpcUrl)
  const chains = activeChains({ [BASE_SEPOLIA_ID]: node.rpcUrl, [ARBITRUM_SEPOLIA_ID]: 'http://127.0.0.1:1' })
  const client = chainClients(node.rpcUrl, BASE_SEPOLIA_ID).publicClient as PublicClient
  network = { assets: assetsOf(chains), clientOf: (id) => (id === BASE_SEPOLIA_ID ? client : undefined) }
  iris = await startIrisService()
}, 60_000)
afterAll(async () => {
  await iris?.close()
  await node?.stop()
})

const FIVE = parseUnits('5', 6)

describe("bringing the payee's USDC to one chain with Circle's CCTP V2", () => {
  it("prepares the approval and depositForBurn on Circle's TokenMessenger, to the payee's own address on the destination", async () => {
    const calls = await prepareBurn(network, owner, {
      sourceChainId: BASE_SEPOLIA_ID,
      destinationChainId: ARBITRUM_SEPOLIA_ID,
      amount: FIVE,
    })
    expect(calls.map((c) => [c.purpose, c.chainId, c.to])).toEqual([
      ['approve', BASE_SEPOLIA_ID, DEV_USDC_ADDRESS],
      ['burn', BASE_SEPOLIA_ID, TESTNET_TOKEN_MESSENGER],
    ])
    expect(decodeFunctionData({ abi: erc20Abi, data: calls[0]!.data })).toEqual({
      functionName: 'approve',
      args: [TESTNET_TOKEN_MESSENGER, FIVE],
    })
    // Arbitrum Sepolia is CCTP domain 3; a standard transfer: no destination caller, no fee, finalized (2000).
    expect(decodeFunctionData({ abi: tokenMessengerV2Abi, data: calls[1]!.data })).toEqual({
      functionName: 'depositForBurn',
      args: [FIVE, 3, pad(owner).toLowerCase(), DEV_USDC_ADDRESS, zeroHash, 0n, 2000],
    })
  })

  it('leaves the approval out once the TokenMessenger may take the amount', async () => {
    const wallet = chainClients(node.rpcUrl, BASE_SEPOLIA_ID).walletOf(3)
    const hash = await wallet.writeContract({
      address: DEV_USDC_ADDRESS,
      abi: erc20Abi,
      functionName: 'approve',
      args: [TESTNET_TOKEN_MESSENGER, FIVE],
    })
    await chainClients(node.rpcUrl, BASE_SEPOLIA_ID).publicClient.waitForTransactionReceipt({ hash })
    const calls = await prepareBurn(network, owner, {
      sourceChainId: BASE_SEPOLIA_ID,
      destinationChainId: ARBITRUM_SEPOLIA_ID,
      amount: FIVE,
    })
    expect(calls.map((c) => c.purpose)).toEqual(['burn'])
  })

  it('refuses a chain CCTP does not serve, the same chain, a public destination for a test network and no amount, naming the field', async () => {
    const burn = (sourceChainId: number, destinationChainId: number, amount = FIVE) =>
      prepareBurn(network, owner, { sourceChainId, destinationChainId, amount })
    await expect(burn(GNOSIS_ID, ARBITRUM_SEPOLIA_ID)).rejects.toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'sourceChainId',
    })
    await expect(burn(BASE_SEPOLIA_ID, BASE_SEPOLIA_ID)).rejects.toMatchObject({ field: 'destinationChainId' })
    await expect(burn(BASE_SEPOLIA_ID, 42161)).rejects.toMatchObject({ field: 'destinationChainId' })
    await expect(burn(BASE_SEPOLIA_ID, ARBITRUM_SEPOLIA_ID, 0n)).rejects.toMatchObject({ field: 'amount' })
  })

  it("reads the burn's attestation from Iris, and prepares receiveMessage on the destination's MessageTransmitter", async () => {
    const burnTx = `0x${'b1'.repeat(32)}` as Hex
    const read = () => readAttestation(BASE_SEPOLIA_ID, burnTx, { irisUrl: iris.url })
    // Not seen yet (404), then seen but waiting for finality.
    expect(await read()).toEqual({ state: 'pending' })
    iris.attested(6, burnTx, '0x', 'PENDING', 'pending_confirmations')
    expect(await read()).toEqual({ state: 'pending' })

    // A CCTP V2 message from domain 6 (Base Sepolia) to domain 3 (Arbitrum Sepolia), as the burn emitted it.
    const message = encodePacked(
      ['uint32', 'uint32', 'uint32', 'bytes32', 'bytes32', 'bytes32', 'bytes32', 'uint32', 'uint32', 'bytes'],
      [1, 6, 3, zeroHash, pad(TESTNET_TOKEN_MESSENGER), pad(TESTNET_TOKEN_MESSENGER), zeroHash, 2000, 2000, '0x1234'],
    )
    const attestation = `0x${'a7'.repeat(65)}` as Hex
    iris.attested(6, burnTx, message, attestation)
    const attested = await read()
    expect(attested).toEqual({ state: 'complete', message, attestation })

    const mint = prepareMint(BASE_SEPOLIA_ID, message, attestation)
    expect([mint.purpose, mint.chainId, mint.to]).toEqual(['mint', ARBITRUM_SEPOLIA_ID, TESTNET_MESSAGE_TRANSMITTER])
    expect(decodeFunctionData({ abi: messageTransmitterV2Abi, data: mint.data })).toEqual({
      functionName: 'receiveMessage',
      args: [message.toLowerCase(), attestation],
    })
  })

  it('reads an odd or failing answer from Iris as unavailable, saying why, and never throws', async () => {
    const burnTx = `0x${'c2'.repeat(32)}` as Hex
    const read = () => readAttestation(BASE_SEPOLIA_ID, burnTx, { irisUrl: iris.url })
    iris.answer(6, burnTx, { status: 200, body: '{"messages":[]}' })
    expect(await read()).toMatchObject({ state: 'unavailable', reason: expect.stringContaining('could not read') })
    iris.answer(6, burnTx, { status: 200, body: 'not json' })
    expect(await read()).toMatchObject({ state: 'unavailable' })
    iris.attested(6, burnTx, 'not hex', 'also not hex')
    expect(await read()).toMatchObject({ state: 'unavailable' })
    iris.answer(6, burnTx, { status: 429, body: '{"error":"rate limited"}' })
    expect(await read()).toEqual({ state: 'unavailable', reason: "Circle's attestation service answered 429." })
    expect(await readAttestation(BASE_SEPOLIA_ID, burnTx, { irisUrl: 'http://127.0.0.1:1' })).toMatchObject({
      state: 'unavailable',
      reason: expect.stringContaining('did not answer'),
    })
  })
})
