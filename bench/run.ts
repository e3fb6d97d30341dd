import { startAnvil } from '../src/chain/devnet/startAnvil.ts'
import { startTestApp } from '../testing/startTestApp.ts'
import { runApiBenchmarks } from './apiRun.ts'
import { benchPaymentToScreen } from './paymentToScreen.ts'
import { ms, percentile } from './stats.ts'
import { benchDetectionLatency, benchDialogLatency, benchNotFoundVerdict, initialBundleSize } from './walletBench.ts'
import { runFollowBenchmarks, runMillionBenchmarks, runWatcherBenchmarks } from './watcherRun.ts'
import { runDashboardBenchmarks, runUnmatchedBenchmarks } from './dashboardBench.ts'
import { benchPayPage } from './payPageBench.ts'
import { runMerchantBenchmarks } from './merchantBench.ts'
import { runGaslessBenchmarks } from './gaslessBench.ts'
import { runX402Benchmarks } from './x402Bench.ts'
import { runScaleBenchmarks } from './scaleBench.ts'
import { runSearchBenchmarks } from './searchBench.ts'
import { runPeersBenchmarks } from './peersBench.ts'
import { runQuoteBenchmarks } from './quotesBench.ts'
import { runInvoiceBenchmarks } from './invoicesBench.ts'
import { runMoneyCycleBenchmarks } from './moneyCycleBench.ts'
import { runImageBenchmarks } from './imagesBench.ts'
import { runPosBenchmarks } from './posBench.ts'
import { runPayoutBenchmarks } from './payoutsBench.ts'
import { runSubscriptionBenchmarks } from './subscriptionsBench.ts'

// `npm run bench` builds first. Figures are printed, never asserted.
// `npm run bench -- api watcher` runs only those sections.
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

async function walletSection() {
  console.log('Wallet detection (Chromium, dev wallet; median of 20; goal ≤ 16 ms to state, ≤ 50 ms to screen)')
  const detection = await benchDetectionLatency(20)
  console.log(
    `  Billfold detector  announce → detected state ${ms(detection.ours.state)}   → row painted ${ms(detection.ours.screen)}`,
  )
  console.log(
    `  wagmi mipd store   announce → providers     ${ms(detection.mipd.state)}   → row painted ${ms(detection.mipd.screen)}`,
  )

  const anvil = await startAnvil({ port: 8565 })
  const server = await startTestApp({ anvilUrl: anvil.rpcUrl })
  try {
    const dialog = await benchDialogLatency(server.url, anvil.rpcUrl, 20)
    console.log(`  Billfold app       announce → row painted in the open connect dialog ${ms(dialog)}`)
  } finally {
    await server.close()
    await anvil.stop()
  }

  console.log('\nNo wallet: page load → not-found (goal 5000 ms ± 50 ms; 5 runs)')
  const verdict = await benchNotFoundVerdict(5)
  console.log(`  median ${ms(verdict.median)}   min ${ms(verdict.min)}   max ${ms(verdict.max)}`)

  console.log('\nBefore first paint (production build, gzip; goal ≤ 150 KB of JavaScript)')
  const bundle = initialBundleSize()
  console.log(`  JavaScript ${kb(bundle.js)}   CSS ${kb(bundle.css)}   (${bundle.files.join(', ')})`)
}

async function paymentSection() {
  console.log(
    '\nPayment to screen: block with the payment → *paid* painted on the open pay page (Anvil, 1 s blocks, 1 confirmation; 50 payments; goal median ≤ 1.5 s)',
  )
  const latencies = await benchPaymentToScreen(50)
  console.log(
    `  p50 ${ms(percentile(latencies, 50))}   p99 ${ms(percentile(latencies, 99))}   min ${ms(Math.min(...latencies))}   max ${ms(Math.max(...latencies))}`,
  )
}

async function payPageSection() {
  console.log(
    '\nPay page on an emulated mid-range phone (412 × 823, CPU 4× slower, 1.6 Mbps, 150 ms RTT; wallet connected; goal LCP ≤ 1.8 s; median of 5)',
  )
  const figures = await benchPayPage(5)
  const s = (value: number) => `${(value / 1000).toFixed(2)} s`
  console.log(`  largest contentful paint   ${s(figures.lcp)}   (${figures.lcpRuns.map(s).join(', ')})`)
  console.log(`  Pay usable                 ${s(figures.payable)}   (${figures.payableRuns.map(s).join(', ')})`)
  console.log(
    `  JavaScript (gzip) before the first paint ${kb(figures.jsBeforePaint)}, before Pay is usable ${kb(figures.jsBeforeUsable)}, in all ${kb(figures.jsBytes)} in ${figures.scripts} files (goal ≤ 200 KB)`,
  )
}

const sections: Record<string, () => Promise<void>> = {
  pay: payPageSection,
  wallet: walletSection,
  api: runApiBenchmarks,
  payment: paymentSection,
  watcher: runWatcherBenchmarks,
  follow: runFollowBenchmarks,
  million: runMillionBenchmarks,
  dashboard: runDashboardBenchmarks,
  search: runSearchBenchmarks,
  unmatched: runUnmatchedBenchmarks,
  merchant: runMerchantBenchmarks,
  gasless: runGaslessBenchmarks,
  x402: runX402Benchmarks,
  scale: runScaleBenchmarks,
  peers: runPeersBenchmarks,
  quotes: runQuoteBenchmarks,
  invoices: runInvoiceBenchmarks,
  'money-cycle': runMoneyCycleBenchmarks,
  images: runImageBenchmarks,
  pos: runPosBenchmarks,
  payouts: runPayoutBenchmarks,
  subscriptions: runSubscriptionBenchmarks,
}
const chosen = process.argv.slice(2)
const unknown = chosen.filter((name) => !sections[name])
if (unknown.length)
  throw new Error(`Unknown benchmark section ${unknown.join(', ')}: choose from ${Object.keys(sections).join(', ')}.`)
for (const name of chosen.length ? chosen : Object.keys(sections)) await sections[name]!()
