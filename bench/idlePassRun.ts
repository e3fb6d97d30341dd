// The watcher's idle passes in a process of its own, on a database holding many requests: the CPU
// each pass costs and how much the process grows. Prints one JSON line.
// Usage: node --import tsx bench/idlePassRun.ts <postgres url | PGlite folder> <rpc url> <passes>
import { createTestClient, http } from 'viem'
import { activeChains, DEV_CHAIN_ID, devChain } from '../src/chain/chains.ts'
import { createChainRpc } from '../src/chain/rpc/chainRpc.ts'
import { createChainWatcher } from '../src/watcher/watchChain.ts'
import { createDatabase } from '../src/db/createDatabase.ts'
import { median } from './stats.ts'

export type IdlePassResult = {
  firstPassMs: number
  newBlockPassCpuMs: number
  samePassCpuMs: number
  rssBeforeMb: number
  rssAfterMb: number
}

const [target, rpcUrl, passesArg] = process.argv.slice(2)
const passes = Number(passesArg ?? 20)
const database = await createDatabase(target!.startsWith('postgres') ? { url: target } : { dataDir: target })
const [chain] = activeChains({ [DEV_CHAIN_ID]: rpcUrl! })
const testClient = createTestClient({ chain: devChain(rpcUrl), transport: http(rpcUrl), mode: 'anvil' })
const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since)
  return (used.user + used.system) / 1000
}
try {
  globalThis.gc?.()
  const rssBeforeMb = process.memoryUsage().rss / 2 ** 20
  const watcher = createChainWatcher({
    database,
    chain: chain!,
    rpc: createChainRpc({ chain: chain!.chain, urls: chain!.rpcUrls }),
  })
  const started = performance.now()
  await watcher.runOnce() // loads the payee directory and reads up to the head
  const firstPassMs = performance.now() - started
  const newBlock: number[] = []
  const same: number[] = []
  for (let i = 0; i < passes; i++) {
    await testClient.mine({ blocks: 1 })
    let since = process.cpuUsage()
    await watcher.runOnce()
    newBlock.push(cpuMs(since))
    since = process.cpuUsage()
    await watcher.runOnce()
    same.push(cpuMs(since))
  }
  globalThis.gc?.()
  const result: IdlePassResult = {
    firstPassMs,
    newBlockPassCpuMs: median(newBlock),
    samePassCpuMs: median(same),
    rssBeforeMb,
    rssAfterMb: process.memoryUsage().rss / 2 ** 20,
  }
  console.log(JSON.stringify(result))
} finally {
  await database.close()
}
