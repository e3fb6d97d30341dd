import { APPRAISER_DEFAULTS, type AppraiserSettings } from '../payments/quotes/appraiserWorker.ts'
import type { EmailCheckSettings } from '../notifications/email/emailChecks.ts'
import type { EmailDeliverySettings } from '../notifications/email/emailDelivery.ts'
import type { DeliverySettings } from '../notifications/webhooks/deliveryWorker.ts'
import { RELAY_MONITOR_DEFAULTS, type RelayMonitorSettings } from '../relayer/relayMonitor.ts'
import { SCHEDULE_ISSUER_DEFAULTS, type ScheduleIssuerSettings } from '../merchants/schedules/scheduleWorker.ts'
import {
  SUBSCRIPTION_CHARGER_DEFAULTS,
  type SubscriptionChargerSettings,
} from '../merchants/subscriptions/subscriptionWorker.ts'
import type { LeaseSettings } from '../watcher/watcherWorker.ts'
import { HOUSEKEEPING_DEFAULTS, type HousekeepingSettings } from './housekeeping.ts'

/** Each worker's settings, as the server runs it. */
export type WorkerSettings = {
  /** Run the chain watchers in this process (one per chain across all servers). */
  watch: boolean
  leases: Partial<LeaseSettings>
  /** Deliver webhooks from this process (every server does by default). */
  deliverWebhooks: boolean
  webhookDelivery: Partial<DeliverySettings>
  relayMonitor: RelayMonitorSettings
  emailDelivery: Partial<EmailDeliverySettings>
  emailChecks: Partial<EmailCheckSettings>
  housekeeping: HousekeepingSettings
  appraiser: AppraiserSettings
  schedules: ScheduleIssuerSettings
  subscriptions: SubscriptionChargerSettings
}

/** What starting a server may change of the workers' settings (tests shorten their times). */
export type WorkerOverrides = {
  /** Run the chain watchers in this process. Default true. */
  watch?: boolean | undefined
  /** How the servers share the chains' watchers. */
  leases?: Partial<LeaseSettings> | undefined
  /** Deliver webhooks from this process. Default true. */
  deliverWebhooks?: boolean | undefined
  /** Retry schedule and limits of webhook delivery. */
  webhookDelivery?: Partial<DeliverySettings> | undefined
  /** How the relay monitor follows relays. */
  relayMonitor?: Partial<RelayMonitorSettings> | undefined
  /** Retries and polling of the e-mail outbox. */
  emailDelivery?: Partial<EmailDeliverySettings> | undefined
  /** How often and after how long the daily notices are looked for. */
  emailChecks?: Partial<EmailCheckSettings> | undefined
  /** Days webhook history and ended relays are kept (RETENTION_DAYS); 0 keeps them forever. Default 30. */
  retentionDays?: number | undefined
}

/** The settings of each worker: its defaults, with what the server was started with over them. */
export function workerSettingsOf(overrides: WorkerOverrides): WorkerSettings {
  return {
    watch: overrides.watch ?? true,
    leases: overrides.leases ?? {},
    deliverWebhooks: overrides.deliverWebhooks ?? true,
    webhookDelivery: overrides.webhookDelivery ?? {},
    relayMonitor: { ...RELAY_MONITOR_DEFAULTS, ...overrides.relayMonitor },
    emailDelivery: overrides.emailDelivery ?? {},
    emailChecks: overrides.emailChecks ?? {},
    housekeeping: {
      ...HOUSEKEEPING_DEFAULTS,
      retentionDays: overrides.retentionDays ?? HOUSEKEEPING_DEFAULTS.retentionDays,
    },
    appraiser: APPRAISER_DEFAULTS,
    schedules: SCHEDULE_ISSUER_DEFAULTS,
    subscriptions: SUBSCRIPTION_CHARGER_DEFAULTS,
  }
}
