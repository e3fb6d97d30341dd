import { writeFile } from 'node:fs/promises'
import { encodeFunctionData, numberToHex, type Address, type Hex } from 'viem'
import { DEV_USDC_ADDRESS } from '../src/chain/tokens.ts'
import { devAccounts } from '../src/chain/devnet/setUpDevChain.ts'
import { chainClients } from '../src/watcher/testing/payments.ts'
import { newPaymentReference } from '../src/domain/paymentReference.ts'
import { deployBusyTrader } from '../testing/busyToken.ts'
import { busyTraderAbi } from '../testing/contracts/busyTraderArtifact.ts'
import { testSmartAccountAbi } from '../testing/contracts/testSmartAccountArtifact.ts'
import { deploySmartAccount, transferCall } from '../testing/smartAccount.ts'

export type BackfillRequest = { reference: Hex; payee: Address }
export type BackfillPlan = { rpcUrl: string; createdBlock: string; amount: string; requests: BackfillRequest[] }

const AMOUNT = 1_000_000n
const OWNER = 1

async function rpc(rpcUrl: string, method: string, params: unknown[]): Promise<unknown> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const answer = (await response.json()) as { result?: unknown; error?: { message: string } }
  if (answer.error) throw new Error(answer.error.message)
  return answer.result
}

/** Sends and waits until the block is mined, so that each batch gets a block of its own. */
async function sendAndMine(rpcUrl: string, tx: Record<string, unknown>) {
  const before = BigInt((await rpc(rpcUrl, 'eth_blockNumber', [])) as string)
  await rpc(rpcUrl, 'eth_sendTransaction', [tx])
  while (BigInt((await rpc(rpcUrl, 'eth_blockNumber', [])) as string) <= before)
    await new Promise((resolve) => setTimeout(resolve, 1))
}

/**
 * Fills a fresh dev chain with `payments` USDC payments, `perBlock` to a block, each block also
 * holding `noisePerBlock` unrelated transfers of the same token (a busy token) and `directPerBlock`
 * transfers to the payees without a reference that no request fits, and writes the plan
 * (the requests they pay) to `planFile`. Every block is one batch of a smart-contract wallet (the
 * busy trader's churn, then the payments as the pay page words them: `transfer(payee, amount)`
 * followed by the reference): Anvil mines a transaction per block quickly, while mining several
 * pending ones per block slows down with every log the chain already holds.
 */
export async function buildBackfillChain(
  rpcUrl: string,
  planFile: string,
  {
    payments,
    perBlock,
    noisePerBlock,
    directPerBlock = 0,
  }: { payments: number; perBlock: number; noisePerBlock: number; directPerBlock?: number },
) {
  const { publicClient } = chainClients(rpcUrl)
  const trader = await deployBusyTrader(rpcUrl)
  const account = await deploySmartAccount(rpcUrl, OWNER)
  const createdBlock = await publicClient.getBlockNumber({ cacheTime: 0 })
  const requests: BackfillRequest[] = Array.from({ length: payments }, (_, i) => ({
    reference: newPaymentReference(),
    payee: devAccounts[3 + (i % 7)]!,
  }))
  for (let i = 0, salt = 0n; i < requests.length; i += perBlock, salt++) {
    const churn = {
      target: trader.address,
      value: 0n,
      data: encodeFunctionData({
        abi: busyTraderAbi,
        functionName: 'churn',
        args: [DEV_USDC_ADDRESS, BigInt(noisePerBlock), salt],
      }),
    }
    const paying = requests
      .slice(i, i + perBlock)
      .map((r) => transferCall({ to: r.payee, amount: AMOUNT, reference: r.reference }))
    // Transfers to the same payees with no reference and an amount no request is due: unmatched.
    const direct = Array.from({ length: directPerBlock }, (_, j) =>
      transferCall({ to: devAccounts[3 + ((i + j) % 7)]!, amount: 1000n + BigInt(i + j) }),
    )
    const data = encodeFunctionData({
      abi: testSmartAccountAbi,
      functionName: 'executeBatch',
      args: [[churn, ...paying, ...direct]],
    })
    await sendAndMine(rpcUrl, {
      from: devAccounts[OWNER],
      to: account.address,
      gas: numberToHex(100_000 + 40_000 * noisePerBlock + 60_000 * (perBlock + directPerBlock)),
      data,
    })
  }
  const plan: BackfillPlan = { rpcUrl, createdBlock: createdBlock.toString(), amount: AMOUNT.toString(), requests }
  await writeFile(planFile, JSON.stringify(plan))
  return { blocks: Number((await publicClient.getBlockNumber({ cacheTime: 0 })) - createdBlock) }
}
