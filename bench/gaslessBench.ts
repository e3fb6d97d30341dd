import { parseEther, type Hash } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { launchWithDevWallet } from '../e2e/support/chromium.ts'
import { signIn } from '../src/api/testing/graphqlClient.ts'
import { createRequest } from '../src/api/testing/paymentRequestInput.ts'
import { DEV_USDC_ADDRESS } from '../src/chain/tokens.ts'
import { chainClients, pay } from '../src/watcher/testing/payments.ts'
import { payerWithoutGas, payGasless, signedAuthorization, turnOnRelayer } from '../src/relayer/testing/gasless.ts'
import { startTestApp } from '../testing/startTestApp.ts'
import { startTestChain } from '../testing/testChain.ts'
import { watchForPaid } from './paidOnPage.ts'
import { median, ms } from './stats.ts'

/** A payee signed in with a fresh key and its relayer funded and on: what every run here pays. */
async function gaslessPayee(url: string, anvilUrl: string) {
  const account = privateKeyToAccount(generatePrivateKey())
  const { cookie } = await signIn(url, account)
  await turnOnRelayer(url, anvilUrl, cookie, { fund: parseEther('10') })
  return { account, cookie }
}

/**
 * Signature → relay sent (payWithAuthorization answered) and → *paid* painted on the open pay page,
 * Anvil mining a block every second.
 */
async function latency(runs: number) {
  const anvil = await startTestChain(8591, { blockTime: 1 })
  const app = await startTestApp({ anvilUrl: anvil.rpcUrl, rateLimitPerMinute: 0 })
  const browser = await launchWithDevWallet({ extension: false })
  const sent: number[] = []
  const paid: number[] = []
  try {
    const payee = await gaslessPayee(app.url, anvil.rpcUrl)
    const payer = await payerWithoutGas(anvil.rpcUrl, DEV_USDC_ADDRESS, 10n ** 12n)
    for (let run = 0; run < runs; run++) {
      const request = await createRequest(app.url, payee.cookie, payee.account, { amount: '2.5', memo: `Bench ${run}` })
      const { page } = browser
      await page.goto(new URL(`/pay/${request.id}`, app.url).href)
      await page.locator('[data-testid="request-status"][data-status="open"]').waitFor()
      const screen = await watchForPaid(page)
      const { authorization, signature } = await signedAuthorization(app.url, request.id, payer)
      const signedAt = Date.now()
      const answer = await payGasless(app.url, request.id, authorization, signature)
      if (answer.data?.payWithAuthorization.state !== 'sent') throw new Error(JSON.stringify(answer))
      sent.push(Date.now() - signedAt)
      paid.push((await screen.paidAt()) - signedAt)
    }
  } finally {
    await browser.close()
    await app.close()
    await anvil.stop()
  }
  return { sent, paid }
}

/**
 * Relays one relayer sends per second (Anvil mining each at once), and a relay's gas beside a plain
 * transfer's, both to a payee that already holds the token (the authorization's own nonce is always a new slot).
 */
async function throughput(count: number, concurrency: number) {
  const anvil = await startTestChain(8592)
  const app = await startTestApp({ anvilUrl: anvil.rpcUrl, rateLimitPerMinute: 0 })
  try {
    const payee = await gaslessPayee(app.url, anvil.rpcUrl)
    const payer = await payerWithoutGas(anvil.rpcUrl, DEV_USDC_ADDRESS, 10n ** 12n)
    const signed: ({ request: { id: string } } & Awaited<ReturnType<typeof signedAuthorization>>)[] = []
    for (let i = 0; i < count; i++) {
      const request = await createRequest(app.url, payee.cookie, payee.account, { amount: '1.5', memo: `Load ${i}` })
      signed.push({ request, ...(await signedAuthorization(app.url, request.id, payer)) })
    }
    const hashes: Hash[] = []
    const started = performance.now()
    let next = 0
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < signed.length) {
          const { request, authorization, signature } = signed[next++]!
          const answer = await payGasless(app.url, request.id, authorization, signature)
          const relay = answer.data?.payWithAuthorization
          if (relay?.state !== 'sent') throw new Error(JSON.stringify(answer))
          hashes.push(relay.transactionHash as Hash)
        }
      }),
    )
    const seconds = (performance.now() - started) / 1000
    const { publicClient } = chainClients(anvil.rpcUrl)
    const relayGas = (await publicClient.getTransactionReceipt({ hash: hashes.at(-1)! })).gasUsed
    const plain = await pay(anvil.rpcUrl, { from: 2, to: payee.account.address, amount: 1_500_000n })
    const plainGas = (await publicClient.getTransactionReceipt({ hash: plain })).gasUsed
    return { perSecond: count / seconds, seconds, relayGas, plainGas }
  } finally {
    await app.close()
    await anvil.stop()
  }
}

export async function runGaslessBenchmarks() {
  console.log(
    '\nPay without gas: signature → relay sent, and → *paid* on the open pay page (Anvil, 1 s blocks; goal ≤ 1.5 s to paid; median of 20)',
  )
  const { sent, paid } = await latency(20)
  console.log(`  relay sent   median ${ms(median(sent))}   max ${ms(Math.max(...sent))}`)
  console.log(`  paid shown   median ${ms(median(paid))}   max ${ms(Math.max(...paid))}`)
  console.log('\nOne relayer under load (Anvil mining at once; 300 payments, 32 at a time; goal ≥ 50 relays/s)')
  const load = await throughput(300, 32)
  console.log(`  ${load.perSecond.toFixed(0)} relays/s (${load.seconds.toFixed(2)} s for 300)`)
  console.log(
    `  gas: relay ${load.relayGas}   plain transfer with reference ${load.plainGas}   ratio ${(Number(load.relayGas) / Number(load.plainGas)).toFixed(2)}`,
  )
}
