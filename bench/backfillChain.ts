import { writeFile } from 'node:fs/promises'
import { concat, encodeFunctionData, erc20Abi, numberToHex, type Address, type Hex } from 'viem'
import { DEV_USDC_ADDRESS } from '../src/chain/chains.ts'
import { devAccounts } from '../src/chain/devnet/setUpDevChain.ts'
import { chainClients } from '../src/chain/watcher/testing/payments.ts'
import { newPaymentReference } from '../src/domain/paymentReference.ts'
import { busyTraderAbi } from '../testing/contracts/busyTraderArtifact.ts'
import { deployBusyTrader } from '../testing/busyToken.ts'

export type BackfillRequest = { reference: Hex; payee: Address }
export type BackfillPlan = { rpcUrl: string; createdBlock: string; amount: string; requests: BackfillRequest[] }

const AMOUNT = 1_000_000n
const SENDERS = [devAccounts[1]!, devAccounts[2]!]

async function rpc(rpcUrl: string, calls: { method: string; params: unknown[] }[]) {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(calls.map((call, id) => ({ jsonrpc: '2.0', id, ...call }))),
  })
  const answers = (await response.json()) as { error?: { message: string } }[]
  const failed = answers.find((a) => a.error)
  if (failed) throw new Error(failed.error!.message)
}

/**
 * Fills a fresh dev chain with `payments` matching USDC payments, as the pay page sends them,
 * `perBlock` to a block, each block also holding `noisePerBlock` unrelated transfers of the same
 * token (a busy token), and writes the plan (the requests they pay) to `planFile`.
 */
export async function buildBackfillChain(rpcUrl: string, planFile: string, { payments, perBlock, noisePerBlock = 0 }: { payments: number; perBlock: number; noisePerBlock?: number }) {
  const { publicClient, testClient } = chainClients(rpcUrl)
  const trader = noisePerBlock > 0 ? await deployBusyTrader(rpcUrl) : undefined
  const createdBlock = await publicClient.getBlockNumber({ cacheTime: 0 })
  const requests: BackfillRequest[] = Array.from({ length: payments }, (_, i) => ({ reference: newPaymentReference(), payee: devAccounts[3 + (i % 7)]! }))
  await testClient.setAutomine(false)
  let salt = 0n
  for (let i = 0; i < requests.length; i += perBlock) {
    const block = requests.slice(i, i + perBlock)
    const calls = block.map((request, j) => {
      const transfer = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [request.payee, AMOUNT] })
      return { method: 'eth_sendTransaction', params: [{ from: SENDERS[j % SENDERS.length], to: DEV_USDC_ADDRESS, gas: numberToHex(100_000), data: concat([transfer, request.reference]) }] }
    })
    if (trader) {
      const churn = encodeFunctionData({ abi: busyTraderAbi, functionName: 'churn', args: [DEV_USDC_ADDRESS, BigInt(noisePerBlock), salt++] })
      calls.push({ method: 'eth_sendTransaction', params: [{ from: devAccounts[0], to: trader.address, gas: numberToHex(60_000 + 40_000 * noisePerBlock), data: churn }] })
    }
    await rpc(rpcUrl, calls)
    await rpc(rpcUrl, [{ method: 'evm_mine', params: [] }])
  }
  await testClient.setAutomine(true)
  const plan: BackfillPlan = { rpcUrl, createdBlock: createdBlock.toString(), amount: AMOUNT.toString(), requests }
  await writeFile(planFile, JSON.stringify(plan))
  return { blocks: Number((await publicClient.getBlockNumber({ cacheTime: 0 })) - createdBlock) }
}
