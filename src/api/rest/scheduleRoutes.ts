import { publicSchedule } from '../../merchants/schedules/publicSchedule.ts'
import { readScheduleBody } from '../../merchants/schedules/scheduleBody.ts'
import { periodRequests, type ScheduleRow } from '../../merchants/schedules/scheduleStore.ts'
import {
  createKeyScheduleOf,
  listSchedulesOf,
  pauseScheduleOf,
  readScheduleOf,
  resumeScheduleOf,
  stopScheduleOf,
} from '../../merchants/schedules/scheduleUseCases.ts'
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
  const issuing = {
    db,
    signAsDelegate: options.signAsDelegate,
    assets: options.assets,
    client: (chainId: number) => options.clients.get(chainId),
  }

  async function create({ req, res, key, actor }: RestContext) {
    const { json } = await readJson(req)
    const row = await createKeyScheduleOf(actor, issuing, { key, input: readScheduleBody(json) })
    const [shown] = await show([row])
    sendJson(res, 201, shown, { location: `/api/v1/schedules/${row.id}` })
  }
  async function list({ res, actor }: RestContext) {
    sendJson(res, 200, { data: await show(await listSchedulesOf(actor, { db })) })
  }
  async function read({ res, actor }: RestContext, id: string) {
    const [shown] = await show([await readScheduleOf(actor, { db }, { id })])
    sendJson(res, 200, shown)
  }
  const changing =
    (change: typeof pauseScheduleOf) =>
    async ({ res, actor }: RestContext, id: string) => {
      const [shown] = await show([await change(actor, { db }, { id })])
      sendJson(res, 200, shown)
    }
  return [
    ['POST', /^\/api\/v1\/schedules$/, createKeyScheduleOf, create],
    ['GET', /^\/api\/v1\/schedules$/, listSchedulesOf, list],
    ['GET', /^\/api\/v1\/schedules\/([^/]+)$/, readScheduleOf, read],
    ['POST', /^\/api\/v1\/schedules\/([^/]+)\/pause$/, pauseScheduleOf, changing(pauseScheduleOf)],
    ['POST', /^\/api\/v1\/schedules\/([^/]+)\/resume$/, resumeScheduleOf, changing(resumeScheduleOf)],
    ['POST', /^\/api\/v1\/schedules\/([^/]+)\/stop$/, stopScheduleOf, changing(stopScheduleOf)],
  ]
}
