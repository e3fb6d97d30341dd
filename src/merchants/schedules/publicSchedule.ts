import { formatAmount } from '../../domain/amount.ts'
import type { Asset } from '../../domain/paymentRequest.ts'
import type { PaymentRequestRow } from '../../payments/repository/paymentRequests.ts'
import { scheduleState } from './scheduleState.ts'
import type { ScheduleRow } from './scheduleStore.ts'

/** A schedule as the REST API shows it, with each period's request (id, status, pay link). */
export function publicSchedule(
  schedule: ScheduleRow,
  asset: Pick<Asset, 'symbol' | 'decimals'> | undefined,
  periods: readonly PaymentRequestRow[],
  publicUrl: string,
) {
  return {
    id: schedule.id,
    state: scheduleState(schedule),
    endedBecause: schedule.endedBecause,
    chainId: schedule.chainId,
    asset: schedule.asset,
    symbol: asset?.symbol ?? '',
    amount: String(schedule.amount),
    amountDecimal: formatAmount(BigInt(schedule.amount), asset?.decimals ?? 18),
    payer: schedule.payer,
    payerEmail: schedule.payerEmail,
    payerLanguage: schedule.payerLanguage,
    memo: schedule.memo,
    interval: schedule.interval,
    day: schedule.day,
    month: schedule.month,
    startsOn: schedule.startsOn,
    count: schedule.count,
    dueDays: schedule.dueDays,
    nextAt: schedule.stoppedAt ? null : schedule.nextAt.toISOString(),
    url: new URL(`/s/${schedule.id}`, publicUrl).href,
    createdAt: schedule.createdAt.toISOString(),
    periods: periods.map((r) => ({
      period: r.schedulePeriod! + 1,
      requestId: r.id,
      status: r.status,
      dueAt: r.dueAt.toISOString(),
      payUrl: new URL(`/pay/${r.id}`, publicUrl).href,
    })),
  }
}

const text = { type: 'string' } as const
const nullableText = { type: ['string', 'null'] } as const

/** The same shape as JSON Schema, for the OpenAPI document. */
export const publicScheduleSchema = {
  type: 'object',
  required: ['id', 'state', 'chainId', 'asset', 'amount', 'interval', 'day', 'startsOn', 'url', 'periods'],
  properties: {
    id: text,
    state: { type: 'string', enum: ['awaiting_authorisation', 'active', 'paused', 'stopped', 'finished'] },
    endedBecause: { ...nullableText, description: 'finished, delegation_expired, key_revoked or asset_unavailable.' },
    chainId: { type: 'integer' },
    asset: text,
    symbol: text,
    amount: { type: 'string', description: 'Each period’s, in base units.' },
    amountDecimal: text,
    payer: nullableText,
    payerEmail: nullableText,
    payerLanguage: text,
    memo: text,
    interval: { type: 'string', enum: ['week', 'month', 'year'] },
    day: {
      type: 'integer',
      description: 'Weekday 1 (Monday)–7, or day of the month 1–31 (a month without it: its last day).',
    },
    month: { type: ['integer', 'null'] },
    startsOn: { type: 'string', format: 'date' },
    count: { type: ['integer', 'null'], description: 'Null: until stopped.' },
    dueDays: { type: 'integer' },
    nextAt: { type: ['string', 'null'], format: 'date-time' },
    url: { type: 'string', format: 'uri', description: 'The stable link: always the current period’s request.' },
    createdAt: { type: 'string', format: 'date-time' },
    periods: {
      type: 'array',
      items: {
        type: 'object',
        required: ['period', 'requestId', 'status', 'dueAt', 'payUrl'],
        properties: {
          period: { type: 'integer', description: '1 for the first.' },
          requestId: text,
          status: text,
          dueAt: { type: 'string', format: 'date-time' },
          payUrl: { type: 'string', format: 'uri' },
        },
      },
    },
  },
}
