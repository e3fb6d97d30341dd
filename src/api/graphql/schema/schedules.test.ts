import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { auditLog } from '../../../db/schema.ts'
import { startTestApp, type TestApp } from '../../../../testing/startTestApp.ts'
import { alice, graphql, signIn } from '../../testing/graphqlClient.ts'
import { createApiKey, rest } from '../../testing/merchantClient.ts'
import {
  createSchedule,
  SCHEDULE_FIELDS,
  scheduleInput,
  todayUtc,
  type ScheduleData,
} from '../../testing/scheduleClient.ts'

const anvilUrl = inject('anvilUrl')
let app: TestApp
let cookie: string

beforeAll(async () => {
  app = await startTestApp({ anvilUrl, rateLimitPerMinute: 0 })
  cookie = (await signIn(app.url, alice)).cookie
})
afterAll(async () => app?.close())

const publicSchedule = async (id: string) =>
  (
    await graphql<{ schedule: ScheduleData }>(
      app.url,
      `query($id: String!) { schedule(id: $id) { ${SCHEDULE_FIELDS} } }`,
      {
        variables: { id },
      },
    )
  ).data!.schedule
const mine = async () =>
  (await graphql<{ mySchedules: ScheduleData[] }>(app.url, `query { mySchedules { ${SCHEDULE_FIELDS} } }`, { cookie }))
    .data!.mySchedules

describe('schedules', () => {
  it('issues the first period as soon as the payee’s wallet authorises a schedule that starts today; its stable link shows it', async () => {
    const { schedule } = await createSchedule(app.url, cookie, alice)
    expect(schedule).toMatchObject({ state: 'active', linkPath: `/s/${schedule!.id}` })
    // Issued before the answer: a page that reads the schedule once it is authorised shows it.
    const shown = await publicSchedule(schedule!.id)
    expect(shown.currentRequest).toMatchObject({
      amount: '250000000',
      memo: `Monthly retainer · ${todayUtc()}`,
      status: 'open',
    })
    // Its payer sees no list of periods; its payee does.
    expect(shown.periods).toEqual([])
    expect((await mine()).find((s) => s.id === schedule!.id)!.periods).toHaveLength(1)
    const paused = await graphql<{ pauseSchedule: ScheduleData }>(
      app.url,
      `mutation($id: String!) { pauseSchedule(id: $id) { ${SCHEDULE_FIELDS} } }`,
      { variables: { id: schedule!.id }, cookie },
    )
    expect(paused.data!.pauseSchedule.state).toBe('paused')
    const stopped = await graphql<{ stopSchedule: ScheduleData }>(
      app.url,
      `mutation($id: String!) { stopSchedule(id: $id) { ${SCHEDULE_FIELDS} } }`,
      { variables: { id: schedule!.id }, cookie },
    )
    expect(stopped.data!.stopSchedule).toMatchObject({ state: 'stopped', upcoming: [] })
    // The request already issued stays payable.
    expect((await publicSchedule(schedule!.id)).currentRequest!.status).toBe('open')
  })

  it('takes the 31st of every month, showing February’s last day among its dates', async () => {
    const year = new Date().getUTCFullYear() + 1
    const { schedule } = await createSchedule(
      app.url,
      cookie,
      alice,
      scheduleInput({ day: 31, startsOn: `${year}-01-15`, count: 3 }),
    )
    const february = new Date(Date.UTC(year, 2, 0)).getUTCDate()
    expect(schedule!.upcoming.map((d) => d.slice(0, 10))).toEqual([
      `${year}-01-31`,
      `${year}-02-${february}`,
      `${year}-03-31`,
    ])
    expect(schedule!.currentRequest).toBeNull()
  })

  it('refuses no periods, a start in the past, an e-mail of 300 characters and a header in an e-mail, naming the field, storing nothing', async () => {
    const before = (await mine()).length
    const refusal = async (overrides: Record<string, unknown>) => {
      const { errors } = await createSchedule(app.url, cookie, alice, scheduleInput(overrides))
      return errors![0]!.extensions
    }
    expect(await refusal({ count: 0 })).toMatchObject({ code: 'BAD_USER_INPUT', field: 'count' })
    expect(await refusal({ startsOn: '2020-01-01' })).toMatchObject({ field: 'startsOn' })
    expect(await refusal({ payerEmail: `${'x'.repeat(288)}@example.com` })).toMatchObject({ field: 'payerEmail' })
    expect(await refusal({ payerEmail: 'a@b.c\r\nBcc: x@y.z' })).toMatchObject({ field: 'payerEmail' })
    expect(await refusal({ amount: '0' })).toMatchObject({ field: 'amount' })
    expect((await mine()).length).toBe(before)
  })

  it('makes, reads, pauses, resumes and stops schedules over REST with an API key, as its OpenAPI document says', async () => {
    const key = (await createApiKey(app.url, cookie, alice)).data!.createApiKey.secret
    const made = await rest(app.url, '/schedules', {
      method: 'POST',
      secret: key,
      body: { ...scheduleInput({ interval: 'week', day: ((new Date().getUTCDay() + 6) % 7) + 1 }), count: 4 },
    })
    expect(made.status).toBe(201)
    const document = (await rest(app.url, '/openapi.json')).body!
    const ajv = new Ajv2020({ strict: false })
    addFormats(ajv)
    const validate = ajv.compile({ components: document.components, $ref: '#/components/schemas/Schedule' })
    expect(validate(made.body), JSON.stringify(validate.errors)).toBe(true)
    const path = `/schedules/${made.body!.id}`
    await expect
      .poll(async () => (await rest(app.url, path, { secret: key })).body!.periods.length, { timeout: 10_000 })
      .toBe(1)
    const read = (await rest(app.url, path, { secret: key })).body!
    expect(validate(read)).toBe(true)
    expect(read).toMatchObject({ state: 'active', count: 4, periods: [{ period: 1, status: 'open' }] })
    expect((await rest(app.url, `${path}/pause`, { method: 'POST', secret: key })).body!.state).toBe('paused')
    expect((await rest(app.url, `${path}/resume`, { method: 'POST', secret: key })).body!.state).toBe('active')
    expect((await rest(app.url, `${path}/stop`, { method: 'POST', secret: key })).body!.state).toBe('stopped')
    const again = await rest(app.url, `${path}/resume`, { method: 'POST', secret: key })
    expect([again.status, again.body!.error.code]).toEqual([409, 'SCHEDULE_STOPPED'])
    const bad = await rest(app.url, '/schedules', {
      method: 'POST',
      secret: key,
      body: { ...scheduleInput(), amount: 250 },
    })
    expect([bad.status, bad.body!.error.field]).toEqual([400, 'amount'])
    expect((await rest(app.url, '/schedules', { secret: key })).body!.data.map((s: { id: string }) => s.id)).toContain(
      made.body!.id,
    )
  })

  it('records each change of a schedule once under its action, over REST with the key as over GraphQL with the session', async () => {
    const made = (await createApiKey(app.url, cookie, alice)).data!.createApiKey
    const created = await rest(app.url, '/schedules', { method: 'POST', secret: made.secret, body: scheduleInput() })
    const id = created.body!.id as string
    expect((await rest(app.url, `/schedules/${id}/pause`, { method: 'POST', secret: made.secret })).status).toBe(200)
    const resumed = await graphql(app.url, 'mutation($id: String!) { resumeSchedule(id: $id) { state } }', {
      variables: { id },
      cookie,
    })
    expect(resumed.errors).toBeUndefined()
    expect((await rest(app.url, `/schedules/${id}/stop`, { method: 'POST', secret: made.secret })).status).toBe(200)
    const entries = await app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.objectId, id))
      .orderBy(asc(auditLog.id))
    expect(entries.map((e) => [e.action, e.actor, e.business])).toEqual([
      ['createSchedule', `apiKey:${made.apiKey.id}`, alice.address],
      ['pauseSchedule', `apiKey:${made.apiKey.id}`, alice.address],
      ['resumeSchedule', alice.address, alice.address],
      ['stopSchedule', `apiKey:${made.apiKey.id}`, alice.address],
    ])
    for (const entry of entries) expect(entry.clientIp).toMatch(/^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/)
  })
})
