import { createPublicClient, webSocket, type Hash } from 'viem'
import type { Page } from 'playwright-core'
import { DEV_USDC_ADDRESS } from '../src/chain/tokens.ts'
import { devChain } from '../src/chain/chains.ts'
import { alice, signIn } from '../src/api/testing/graphqlClient.ts'
import { createTill } from '../src/api/testing/tillClient.ts'
import { chainClients, pay } from '../src/watcher/testing/payments.ts'
import { launchWithDevWallet } from '../e2e/support/chromium.ts'
import { freePort } from '../testing/freePort.ts'
import { startTestApp } from '../testing/startTestApp.ts'
import { startTestChain } from '../testing/testChain.ts'
import { ms, median, percentile } from './stats.ts'

/** Starts watching the till for its tick; `paidAt()` gives when it was painted (ms since the epoch). */
async function watchForTick(page: Page) {
  // A string, so that the bundler's helpers stay out of code that runs in the page.
  await page.evaluate(`{
    window.paidAt = undefined
    const observer = new MutationObserver(() => {
      if (!document.querySelector('.sale-paid')) return
      window.paidAt = Date.now()
      observer.disconnect()
    })
    observer.observe(document.body, { subtree: true, childList: true })
  }`)
  return async () => {
    await page.waitForFunction(() => (window as { paidAt?: number }).paidAt !== undefined, undefined, {
      timeout: 15_000,
    })
    return (await page.evaluate('window.paidAt')) as number
  }
}

/**
 * From the moment the block holding a scanned payment (a plain transfer, matched by amount) reaches a
 * subscriber of the node to the till's *paid* tick painted, with Anvil mining a block every second.
 */
export async function benchTillPaid(runs: number): Promise<number[]> {
  const anvil = await startTestChain(await freePort(), { blockTime: 1 })
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
    const { cookie } = await signIn(app.url, alice)
    const till = await createTill(app.url, cookie, alice, {
      name: 'Bench',
      chainId: 31337,
      asset: DEV_USDC_ADDRESS,
      currency: 'EUR',
    })
    const [name, value] = cookie.split('=') as [string, string]
    await browser.context.addCookies([{ name, value, url: app.url }])
    const { page } = browser
    await page.goto(new URL(`/pos/${till.id}`, app.url).href)
    for (let run = 0; run < runs; run++) {
      const keypad = page.getByRole('group', { name: 'Amount' })
      for (const digit of '1250') await keypad.getByRole('button', { name: digit, exact: true }).click()
      await page.getByRole('button', { name: /^Charge/ }).click()
      const uri = (await page.getByRole('img', { name: /^QR code for a wallet app/ }).getAttribute('data-qr-value'))!
      const amount = BigInt(new URL(uri.replace('ethereum:', 'http://x/')).searchParams.get('uint256')!)
      const paidAt = await watchForTick(page)
      const hash = await pay(anvil.rpcUrl, { from: 1, to: alice.address, amount })
      const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 })
      const painted = await paidAt()
      const seenAt = blockSeenAt.get(receipt.blockHash)
      if (seenAt === undefined) throw new Error(`block ${receipt.blockNumber} never reached the newHeads subscription`)
      latencies.push(painted - seenAt)
      await page.getByRole('button', { name: 'Next sale' }).click()
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

export async function runPosBenchmarks() {
  console.log(
    '\nPoint of sale: block with a scanned payment (plain transfer, matched by amount) → *paid* tick on the till (Anvil, 1 s blocks; 50 sales; goal p99 ≤ 1.5 s)',
  )
  const latencies = await benchTillPaid(50)
  console.log(
    `  median ${ms(median(latencies))}   p99 ${ms(percentile(latencies, 99))}   min ${ms(Math.min(...latencies))}   max ${ms(Math.max(...latencies))}`,
  )
}
