import { startTestChains } from '../../../testing/testChain.ts'
import {
  decodeEventLog,
  erc20Abi,
  keccak256,
  pad,
  parseAbi,
  parseUnits,
  sliceHex,
  toHex,
  type Hex,
  type PublicClient,
  type TransactionReceipt,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startIrisService } from '../../../testing/irisService.ts'
import { readAttestation } from '../../payments/bridge/circleAttestation.ts'
import { prepareBurn, prepareMint, type PreparedCall } from '../../payments/bridge/usdcToOneChain.ts'
import { chainClients } from '../../watcher/testing/payments.ts'
import { activeChains, assetsOf } from '../chains.ts'
import { cctpChains } from '../cctp/cctpContracts.ts'
import { DEV_USDC_ADDRESS } from '../tokens.ts'
import { devAccounts } from './setUpDevChain.ts'
import type { AnvilNode } from './startAnvil.ts'

const [BASE_SEPOLIA_ID, ARBITRUM_SEPOLIA_ID] = [84532, 421614]
const PAYEE = 4
const payee = devAccounts[PAYEE]!
const TEN = parseUnits('10', 6)
/** The events of Circle's CCTP V2 contracts, as Circle's sources declare them. */
const circleEvents = parseAbi([
  'event MessageSent(bytes message)',
  'event DepositForBurn(address indexed burnToken, uint256 amount, address indexed depositor, bytes32 mintRecipient, uint32 destinationDomain, bytes32 destinationTokenMessenger, bytes32 destinationCaller, uint256 maxFee, uint32 indexed minFinalityThreshold, bytes hookData)',
  'event MessageReceived(address indexed caller, uint32 sourceDomain, bytes32 indexed nonce, bytes32 sender, uint32 indexed finalityThresholdExecuted, bytes messageBody)',
  'event MintAndWithdraw(address indexed mintRecipient, uint256 amount, address indexed mintToken, uint256 feeCollected)',
])

let nodes: AnvilNode[] = []
let iris: Awaited<ReturnType<typeof startIrisService>>
let wrongIris: Awaited<ReturnType<typeof startIrisService>>
let clients: Map<number, PublicClient>
beforeAll(async () => {
  nodes = await startTestChains([BASE_SEPOLIA_ID, ARBITRUM_SEPOLIA_ID])
  clients = new Map(nodes.map((n) => [n.chainId, chainClients(n.rpcUrl, n.chainId).publicClient as PublicClient]))
  iris = await startIrisService({ clients, attestAfterMs: 300 })
  const stranger = privateKeyToAccount(keccak256(toHex('not the dev attester')))
  wrongIris = await startIrisService({ clients, attestAfterMs: 0, signer: stranger })
}, 60_000)
afterAll(async () => {
  await iris?.close()
  await wrongIris?.close()
  await Promise.all(nodes.map((n) => n.stop()))
})

const nodeOf = (chainId: number) => nodes.find((n) => n.chainId === chainId)!
const usdcOf = (chainId: number) =>
  clients
    .get(chainId)!
    .readContract({ address: DEV_USDC_ADDRESS, abi: erc20Abi, functionName: 'balanceOf', args: [payee] })
/** Sends a prepared call from the payee's wallet, as the payee's wallet would. */
async function send(call: PreparedCall): Promise<TransactionReceipt> {
  const { walletOf, publicClient } = chainClients(nodeOf(call.chainId).rpcUrl, call.chainId)
  const hash = await walletOf(PAYEE).sendTransaction({ to: call.to, data: call.data })
  return publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 })
}
/** What a call would revert with, were the payee's wallet to send it. */
async function revertOf(call: PreparedCall): Promise<string> {
  const error = await clients
    .get(call.chainId)!
    .call({ account: payee, to: call.to, data: call.data })
    .then(() => null)
    .catch((e: Error) => e.message)
  return error ?? 'no revert'
}
async function burn(amount: bigint): Promise<TransactionReceipt> {
  const network = {
    assets: assetsOf(activeChains(Object.fromEntries(nodes.map((n) => [n.chainId, n.rpcUrl])))),
    clientOf: (id: number) => clients.get(id),
  }
  const calls = await prepareBurn(network, payee, {
    sourceChainId: BASE_SEPOLIA_ID,
    destinationChainId: ARBITRUM_SEPOLIA_ID,
    amount,
  })
  let last: TransactionReceipt | undefined
  for (const call of calls) last = await send(call)
  return last!
}
async function attested(irisUrl: string, txHash: Hex) {
  for (;;) {
    const attestation = await readAttestation(BASE_SEPOLIA_ID, txHash, { irisUrl })
    if (attestation.state !== 'pending') return attestation
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe("Circle's CCTP V2 on the dev chains: the stand-ins and the dev attester", () => {
  it('burns 10 USDC on the Base Sepolia id, attests it after a wait, mints it on the Arbitrum Sepolia id once and never twice', async () => {
    const [sourceBefore, destinationBefore] = [await usdcOf(BASE_SEPOLIA_ID), await usdcOf(ARBITRUM_SEPOLIA_ID)]
    const burnt = await burn(TEN)
    expect(burnt.status).toBe('success')
    expect(await usdcOf(BASE_SEPOLIA_ID)).toBe(sourceBefore - TEN)

    // What the burn emitted reads with Circle's events: domain 6 to domain 3, an empty nonce, the payee's 10 USDC.
    const events = burnt.logs.flatMap((log) => {
      try {
        return [decodeEventLog({ abi: circleEvents, ...log })]
      } catch {
        return []
      }
    })
    const deposit = events.find((e) => e.eventName === 'DepositForBurn')!
    expect(deposit.args).toMatchObject({
      burnToken: DEV_USDC_ADDRESS,
      amount: TEN,
      depositor: payee,
      mintRecipient: pad(payee).toLowerCase(),
      destinationDomain: 3,
      maxFee: 0n,
      minFinalityThreshold: 2000,
    })
    const sent = events.find((e) => e.eventName === 'MessageSent')!.args as { message: Hex }
    expect([sliceHex(sent.message, 0, 4), sliceHex(sent.message, 4, 8), sliceHex(sent.message, 8, 12)]).toEqual([
      '0x00000001',
      '0x00000006',
      '0x00000003',
    ])
    expect(sliceHex(sent.message, 12, 44)).toBe(pad('0x0'))

    // Pending first, as Circle waits for finality; then complete, with the nonce assigned.
    expect(await readAttestation(BASE_SEPOLIA_ID, burnt.transactionHash, { irisUrl: iris.url })).toEqual({
      state: 'pending',
    })
    const attestation = await attested(iris.url, burnt.transactionHash)
    if (attestation.state !== 'complete') throw new Error(`not attested: ${JSON.stringify(attestation)}`)
    expect(sliceHex(attestation.message, 12, 44)).not.toBe(pad('0x0'))

    const mint = prepareMint(BASE_SEPOLIA_ID, attestation.message, attestation.attestation)
    expect([mint.chainId, mint.to]).toEqual([ARBITRUM_SEPOLIA_ID, cctpChains[ARBITRUM_SEPOLIA_ID]!.messageTransmitter])
    const minted = await send(mint)
    expect(minted.status).toBe('success')
    expect(await usdcOf(ARBITRUM_SEPOLIA_ID)).toBe(destinationBefore + TEN)
    const received = minted.logs.flatMap((log) => {
      try {
        return [decodeEventLog({ abi: circleEvents, ...log })]
      } catch {
        return []
      }
    })
    expect(received.map((e) => e.eventName)).toEqual(expect.arrayContaining(['MessageReceived', 'MintAndWithdraw']))

    // The same attested message a second time: its nonce is spent.
    expect(await revertOf(mint)).toContain('Nonce already used')
    expect(await usdcOf(ARBITRUM_SEPOLIA_ID)).toBe(destinationBefore + TEN)
  })

  it("refuses a message signed by anyone but the dev attester, and a message altered after Circle's signature", async () => {
    const burnt = await burn(parseUnits('1', 6))
    const forged = await attested(wrongIris.url, burnt.transactionHash)
    if (forged.state !== 'complete') throw new Error('the wrong attester did not sign')
    expect(await revertOf(prepareMint(BASE_SEPOLIA_ID, forged.message, forged.attestation))).toContain(
      'Invalid signature: not attester',
    )

    const genuine = await attested(iris.url, burnt.transactionHash)
    if (genuine.state !== 'complete') throw new Error('not attested')
    // The mint recipient (burn body bytes 36–68, message bytes 184–216) changed to another account.
    const altered =
      `${sliceHex(genuine.message, 0, 184)}${pad(devAccounts[5]!).slice(2)}${sliceHex(genuine.message, 216).slice(2)}` as Hex
    expect(await revertOf(prepareMint(BASE_SEPOLIA_ID, altered, genuine.attestation))).toContain(
      'Invalid signature: not attester',
    )
  })

  it('answers 404 for a transaction that burnt nothing, as Iris does for a burn it has not seen', async () => {
    const { walletOf, publicClient } = chainClients(nodeOf(BASE_SEPOLIA_ID).rpcUrl, BASE_SEPOLIA_ID)
    const hash = await walletOf(PAYEE).sendTransaction({ to: devAccounts[6]!, value: 1n })
    await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 })
    expect(await readAttestation(BASE_SEPOLIA_ID, hash, { irisUrl: iris.url })).toEqual({ state: 'pending' })
    const response = await fetch(`${iris.url}/v2/messages/6?transactionHash=${hash}`)
    expect(response.status).toBe(404)
  })
})
