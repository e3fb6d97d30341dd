import type { Address } from 'viem'
import type { ApiKeyRow } from '../../merchants/apiKeys.ts'
import { publicSchedule } from '../../merchants/schedules/publicSchedule.ts'
import { issueBegunPeriods } from '../../merchants/schedules/issueBegunPeriods.ts'
import { readScheduleBody } from '../../merchants/schedules/scheduleBody.ts'
import {
  changeSchedule,
  createKeySchedule,
  listSchedules,
  ownSchedule,
  periodRequests,
  type ScheduleRow,
} from '../../merchants/schedules/scheduleStore.ts'
import type { RestApiOptions } from './restApiOptions.ts'
import { sendJson } from './restErrors.ts'
import { readJson, type RestContext, type RestRoute } from './restRequest.ts'

/** `/api/v1/schedules`: recurring requests signed by the key's delegate, listed, read, paused, resumed, stopped. */
export function scheduleRoutes(options: RestApiOptions): RestRoute[] {
  const { db } = options
  const show = async (rows: readonly ScheduleRow[]) => {
    const periods = await periodRequests(
      db,
      rows.map((r) => r.id),
    )
    return rows.map((row) =>
      publicSchedule(
        row,
        options.assets.find((a) => a.chainId === row.chainId && a.address === row.asset),
        periods.get(row.id) ?? [],
        options.publicUrl,
      ),
    )
  }
  const payee = (key: ApiKeyRow) => key.payee as Address

  async function create({ req, res, key }: RestContext) {
    const { json } = await readJson(req)
    const created = await createKeySchedule(db, options.assets, key, readScheduleBody(json))
    const row = await issueBegunPeriods(
      {
        db,
        signAsDelegate: options.signAsDelegate,
        assets: options.assets,
        client: (chainId) => options.clients.get(chainId),
      },
      payee(key),
      created,
    )
    const [shown] = await show([row])
    sendJson(res, 201, shown, { location: `/api/v1/schedules/${row.id}` })
  }
  async function list({ res, key }: RestContext) {
    sendJson(res, 200, { data: await show(await listSchedules(db, payee(key))) })
  }
  async function read({ res, key }: RestContext, id: string) {
    const [shown] = await show([await ownSchedule(db, payee(key), id)])
    sendJson(res, 200, shown)
  }
  const changing =
    (change: 'pause' | 'resume' | 'stop') =>
    async ({ res, key }: RestContext, id: string) => {
      const [shown] = await show([await changeSchedule(db, payee(key), id, change)])
      sendJson(res, 200, shown)
    }
  return [
    ['POST', /^\/api\/v1\/schedules$/, 'schedules:manage', create],
    ['GET', /^\/api\/v1\/schedules$/, 'schedules:read', list],
    ['GET', /^\/api\/v1\/schedules\/([^/]+)$/, 'schedules:read', read],
    ['POST', /^\/api\/v1\/schedules\/([^/]+)\/pause$/, 'schedules:manage', changing('pause')],
    ['POST', /^\/api\/v1\/schedules\/([^/]+)\/resume$/, 'schedules:manage', changing('resume')],
    ['POST', /^\/api\/v1\/schedules\/([^/]+)\/stop$/, 'schedules:manage', changing('stop')],
  ]
}
