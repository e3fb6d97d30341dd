import { sql } from 'drizzle-orm'
import type { Address } from 'viem'
import type { BackgroundWorker } from '../../domain/backgroundWorker.ts'
import type { Logger } from '../../domain/logger.ts'
import { periodicTask } from '../../domain/periodicTask.ts'
import { resultRows } from '../../db/rawStatements.ts'
import { relayCostNow, relayerBalance } from '../../relayer/gaslessAvailability.ts'
import type { RelayerServices } from '../../relayer/relayerServices.ts'
import { queueEmail } from './emailSettings.ts'

export type EmailCheckSettings = {
  everyMs: number
  /** How long an endpoint's deliveries must have failed, with none delivered since, for its payee to hear of it. */
  failingForMs: number
}

const DEFAULT_CHECKS: EmailCheckSettings = { everyMs: 60_000, failingForMs: 3_600_000 }

/**
 * Notices no single change causes, looked for every minute on every server and queued at most once
 * a day each (the dedupe key carries the day, so two servers never queue one twice): a webhook
 * endpoint failing for an hour, and an enabled relayer below twenty relays' worth of fees.
 */
export function createEmailChecks(
  relayer: Pick<RelayerServices, 'db' | 'chains' | 'clients'>,
  logger: Logger,
  settings?: Partial<EmailCheckSettings>,
): BackgroundWorker {
  const { everyMs, failingForMs } = { ...DEFAULT_CHECKS, ...settings }
  const { db } = relayer
  const day = () => new Date().toISOString().slice(0, 10)

  async function failingEndpoints() {
    const since = new Date(Date.now() - failingForMs).toISOString()
    const rows = resultRows<{ id: string; payee: string; url: string }>(
      await db.execute(sql`
        select e.id, e.payee, e.url from webhook_endpoints e
        where e.disabled_at is null and billfold_email_wanted(e.payee, 'webhook_failing')
          and exists (select 1 from webhook_deliveries d where d.endpoint_id = e.id and d.status <> 'delivered'
            and d.attempts > 0 and d.created_at <= ${since}::timestamptz)
          and not exists (select 1 from webhook_deliveries d where d.endpoint_id = e.id and d.status = 'delivered'
            and d.delivered_at > ${since}::timestamptz)`),
    )
    for (const e of rows)
      await queueEmail(db, {
        dedupeKey: `webhook_failing:${e.id}:${day()}`,
        kind: 'webhook_failing',
        payee: e.payee,
        payload: { url: e.url },
      })
  }

  async function lowRelayers() {
    const rows = resultRows<{ payee: string; chain_id: number; address: string }>(
      await db.execute(sql`
        select payee, chain_id, address from relayers
        where enabled and billfold_email_wanted(payee, 'relayer_low')`),
    )
    for (const r of rows) {
      const chain = relayer.chains.find((c) => c.chain.id === r.chain_id)
      if (!chain) continue
      const [balance, cost] = await Promise.all([
        relayerBalance(relayer, r.chain_id, r.address as Address, { fresh: true }),
        relayCostNow(relayer, r.chain_id),
      ])
      if (balance >= cost.lowBelow) continue
      // Figures as integers: the e-mail rounds and words them in the payee's language when it is written.
      const facts = {
        chain: chain.chain.name,
        balance: balance.toString(),
        decimals: String(chain.chain.nativeCurrency.decimals),
        symbol: chain.chain.nativeCurrency.symbol,
        relays: String(cost.relay > 0n ? balance / cost.relay : 0n),
      }
      await queueEmail(db, {
        dedupeKey: `relayer_low:${r.address}:${day()}`,
        kind: 'relayer_low',
        payee: r.payee,
        payload: facts,
      })
    }
  }

  return periodicTask({
    name: 'e-mail checks',
    everyMs,
    run: async () => {
      await Promise.all([failingEndpoints(), lowRelayers()])
    },
    onError: (error) => logger.warn(`[e-mail] checking endpoints and relayers failed: ${String(error)}`),
  })
}
