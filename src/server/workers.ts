import { createScheduleIssuer } from '../merchants/schedules/scheduleWorker.ts'
import { createSubscriptionCharger } from '../merchants/subscriptions/subscriptionWorker.ts'
import { createEmailChecks } from '../notifications/email/emailChecks.ts'
import { createJournalConsumer } from '../notifications/journal/journalConsumer.ts'
import { createEmailDelivery } from '../notifications/email/emailDelivery.ts'
import { createWebhookDelivery } from '../notifications/webhooks/deliveryWorker.ts'
import { createAppraiser } from '../payments/quotes/appraiserWorker.ts'
import { quoteServicesFor } from '../payments/quotes/quoteServices.ts'
import { DEFAULT_QUOTE_MINUTES } from '../domain/priceQuote.ts'
import { createRelayMonitor } from '../relayer/relayMonitor.ts'
import { createWatcherWorker } from '../watcher/watcherWorker.ts'
import { createHousekeeping } from './housekeeping.ts'
import type { Services } from './services.ts'
import type { WorkerSettings } from './workerSettings.ts'
import type { BackgroundWorker } from '../domain/backgroundWorker.ts'

/**
 * Every background worker of a server, in one list, each given only what it needs; started, drained
 * and stopped together. A new worker is one line here (and its settings in `workerSettings.ts`).
 */
export function createWorkers(services: Services, settings: WorkerSettings, serverId: string) {
  const { database, chains, logger, clock, secrets, mail } = services
  const { db } = database
  const watchers = settings.watch
    ? createWatcherWorker({
        database,
        chains: chains.chains,
        rpcs: chains.rpcs,
        logger,
        serverId,
        leases: settings.leases,
        clock,
      })
    : undefined
  const workers: (BackgroundWorker | undefined)[] = [
    watchers,
    createJournalConsumer(database, logger),
    settings.deliverWebhooks
      ? createWebhookDelivery({
          database,
          secrets: secrets.webhookSecrets,
          publicUrl: services.publicUrl.origin,
          webhooksAllowPrivate: secrets.webhooksAllowPrivate,
          logger,
          settings: settings.webhookDelivery,
        })
      : undefined,
    createRelayMonitor(services.relayer, settings.relayMonitor, clock),
    mail.enabled
      ? createEmailDelivery(database, {
          db,
          tokens: mail.tokens,
          publicUrl: services.publicUrl.origin,
          assets: chains.assets,
          transport: mail.transport,
          from: mail.from,
          logger,
          settings: settings.emailDelivery,
        })
      : undefined,
    mail.enabled
      ? createEmailChecks({ db, chains: chains.chains, clients: chains.clients }, logger, settings.emailChecks)
      : undefined,
    createHousekeeping({ db, logger, clock }, settings.housekeeping),
    createAppraiser(
      database,
      {
        chainOf: (chainId) => chains.chains.find((c) => c.chain.id === chainId),
        clientOf: (chainId) => chains.clients.get(chainId),
        assets: chains.assets,
        logger,
      },
      settings.appraiser,
      clock,
    ),
    createScheduleIssuer(database, {
      signAsDelegate: secrets.signAsDelegate,
      assets: chains.assets,
      client: (chainId) => chains.clients.get(chainId),
      logger,
      settings: settings.schedules,
      clock,
    }),
    createSubscriptionCharger(database, {
      signAsDelegate: secrets.signAsDelegate,
      assets: chains.assets,
      client: (chainId) => chains.clients.get(chainId),
      relayer: services.relayer,
      // Feed readings only: a priced plan's charge is quoted, not signed as a quote.
      feeds: quoteServicesFor(chains, secrets.signAsDelegate, DEFAULT_QUOTE_MINUTES),
      logger,
      settings: settings.subscriptions,
      clock,
    }),
  ]
  const running = workers.filter((w): w is BackgroundWorker => w !== undefined)
  return {
    names: running.map((w) => w.name),
    /** The chains whose watcher runs in this server (for /readyz and /metrics). */
    leading: () => watchers?.leading() ?? [],
    start: () => running.forEach((w) => w.start()),
    drain: () => Promise.all(running.map((w) => w.drain())),
    stop: () => Promise.all(running.map((w) => w.stop())),
  }
}
