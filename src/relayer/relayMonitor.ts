import type { Clock } from '../domain/clock.ts'
import { periodicTask } from '../domain/periodicTask.ts'
import { followRelays, type FollowSettings } from './followRelays.ts'
import type { RelayerServices } from './relayerServices.ts'
import type { BackgroundWorker } from '../domain/backgroundWorker.ts'

export type RelayMonitorSettings = FollowSettings & { intervalMs: number }

export const RELAY_MONITOR_DEFAULTS: RelayMonitorSettings = {
  intervalMs: 1_000,
  replaceAfterBlocks: 3,
  rebroadcastAfterMs: 5_000,
}

/**
 * Follows every chain's open relays once a second on every server (each change is a conditional
 * update, so two servers following at once do no harm): what a server killed mid-relay left signed
 * is broadcast, what is stuck replaced, what waited sent or expired, what was mined recorded. On
 * drain, the chain in hand is finished and the others wait for another server.
 */
export function createRelayMonitor(
  services: RelayerServices,
  settings: RelayMonitorSettings = RELAY_MONITOR_DEFAULTS,
  clock?: Clock,
): BackgroundWorker {
  return periodicTask({
    name: 'relay monitor',
    everyMs: settings.intervalMs,
    async run(signal) {
      for (const { chain } of services.chains) {
        if (signal.aborted) return
        await followRelays(services, chain.id, settings).catch((error: unknown) =>
          services.logger
            .child({ chainId: chain.id })
            .warn(`[relayer] following relays on chain ${chain.id} failed: ${String(error).split('\n')[0]}`),
        )
      }
    },
    onError: (error) => services.logger.error(`[relayer] following relays failed: ${String(error)}`),
    ...(clock ? { clock } : {}),
  })
}
