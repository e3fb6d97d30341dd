import { createPublicClient, webSocket, type Hash } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { DEV_CHAIN_ID, devChain } from '../src/chain/chains.ts'
import { DEV_USDC_ADDRESS } from '../src/chain/tokens.ts'
import { chainClients, pay } from '../src/watcher/testing/payments.ts'
import { paymentRequests } from '../src/db/schema.ts'
import { newPaymentReference } from '../src/domain/paymentReference.ts'
import { paymentRequestTypedData } from '../src/domain/paymentRequest.ts'
import { launchWithDevWallet } from '../e2e/support/chromium.ts'
import { startTestApp, type TestApp } from '../testing/startTestApp.ts'
import { startTestChain } from '../testing/testChain.ts'
import { watchForPaid } from './paidOnPage.ts'

// Anvil's first dev account, whose key is public: the payee of every request here.
const payee = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
const AMOUNT = 2_500_000n

/** A request as the API stores it, signed by the payee so the pay page verifies it as it would any other. */
async function storeSignedRequest(app: TestApp, createdBlock: bigint, index: number) {
  const terms = {
    chainId: DEV_CHAIN_ID,
    asset: DEV_USDC_ADDRESS,
    amount: AMOUNT,
    payee: payee.address,
    payer: null,
    memo: `Bench ${index}`,
    dueAt: new Date(Date.now() + 86_400_000),
    reference: newPaymentReference(),
  }
  const id = `benchscreen${String(index).padStart(5, '0')}`
  await app.database.db.insert(paymentRequests).values({
    id,
    chainId: terms.chainId,
    asset: terms.asset,
    symbol: 'USDC',
    decimals: 6,
    amount: terms.amount.toString(),
    payee: terms.payee,
    memo: terms.memo,
    dueAt: terms.dueAt,
    reference: terms.reference,
    signature: await payee.signTypedData(paymentRequestTypedData(terms)),
    createdBlock,
  })
  return { id, reference: terms.reference }
}

/**
 * From the moment the block holding a payment reaches a subscriber of the node (newHeads over
 * WebSocket) to *paid* painted on an open pay page, with Anvil mining a block every second.
 */
export async function benchPaymentToScreen(runs: number): Promise<number[]> {
  const anvil = await startTestChain(8569, { blockTime: 1 })
  const app = await startTestApp({ anvilUrl: anvil.rpcUrl })
  const browser = await launchWithDevWallet({ extension: false })
  const blockSeenAt = new Map<Hash, number>()
  const heads = createPublicClient({
    chain: devChain(anvil.rpcUrl),
    transport: webSocket(anvil.rpcUrl.replace('http', 'ws'), { reconnect: false }),
  })
  const unwatch = heads.watchBlocks({ onBlock: (block) => blockSeenAt.set(block.hash!, Date.now()) })
  const { publicClient } = chainClients(anvil.rpcUrl)
  const latencies: number[] = []
  try {
    for (let run = 0; run < runs; run++) {
      const { id, reference } = await storeSignedRequest(app, await publicClient.getBlockNumber(), run)
      const { page } = browser
      await page.goto(new URL(`/pay/${id}`, app.url).href)
      await page.getByTestId('signature-verified').waitFor()
      await page.locator('[data-testid="request-status"][data-status="open"]').waitFor()
      const screen = await watchForPaid(page)
      const hash = await pay(anvil.rpcUrl, { from: 1, to: payee.address, amount: AMOUNT, reference })
      const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 })
      const paidAt = await screen.paidAt()
      const seenAt = blockSeenAt.get(receipt.blockHash)
      if (seenAt === undefined) throw new Error(`block ${receipt.blockNumber} never reached the newHeads subscription`)
      latencies.push(paidAt - seenAt)
    }
  } finally {
    unwatch()
    ;(await heads.transport.getRpcClient()).close()
    await browser.close()
    await app.close()
    await anvil.stop()
  }
  return latencies
}
