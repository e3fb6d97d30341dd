import { startAnvil } from '../src/chain/devnet/startAnvil.ts'
import { startTestApp } from '../testing/startTestApp.ts'
import { runApiBenchmarks } from './apiRun.ts'
import { benchDetectionLatency, benchDialogLatency, benchNotFoundVerdict, initialBundleSize, ms } from './walletBench.ts'

// `npm run bench` builds first. Figures are printed, never asserted.
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

console.log('Wallet detection (Chromium, dev wallet; median of 20; goal ≤ 16 ms to state, ≤ 50 ms to screen)')
const detection = await benchDetectionLatency(20)
console.log(`  Billfold detector  announce → detected state ${ms(detection.ours.state)}   → row painted ${ms(detection.ours.screen)}`)
console.log(`  wagmi mipd store   announce → providers     ${ms(detection.mipd.state)}   → row painted ${ms(detection.mipd.screen)}`)

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

await runApiBenchmarks()
