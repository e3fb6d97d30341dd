import type { BackgroundWorker } from '../domain/backgroundWorker.ts'
import { followRelays, type FollowSettings } from './followRelays.ts'
import type { RelayerServices } from './relayerServices.ts'

export type RelayMonitorSettings = FollowSettings & { intervalMs: number }

const DEFAULTS: RelayMonitorSettings = { intervalMs: 1_000, replaceAfterBlocks: 3, rebroadcastAfterMs: 5_000 }

/**
 * Follows every chain's open relays once a second on every server (each change is a conditional
 * update, so two servers following at once do no harm): what a server killed mid-relay left signed
 * is broadcast, what is stuck replaced, what waited sent or expired, what was mined recorded.
 */
export function createRelayMonitor(
  services: RelayerServices,
  overrides: Partial<RelayMonitorSettings> = {},
): BackgroundWorker {
  const settings = { ...DEFAULTS, ...overrides }
  let timer: NodeJS.Timeout | undefined
  let pass: Promise<void> = Promise.resolve()
  let stopped = false
  const run = async () => {
    for (const { chain } of services.chains) {
      if (stopped) return
      await followRelays(services, chain.id, settings).catch((error: unknown) =>
        services.log(`[relayer] following relays on chain ${chain.id} failed: ${String(error).split('\n')[0]}`),
      )
    }
  }
  const tick = () => {
    pass = run().finally(() => {
      if (!stopped) timer = setTimeout(tick, settings.intervalMs)
    })
  }
  const stop = async () => {
    stopped = true
    clearTimeout(timer)
    await pass
  }
  return { name: 'relay monitor', start: tick, drain: stop, stop }
}
