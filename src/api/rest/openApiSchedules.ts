import { publicScheduleSchema } from '../../merchants/schedules/publicSchedule.ts'
import { error, errors, idParameter, json, ref } from './openApiParts.ts'

const scheduleBody = {
  type: 'object',
  required: ['chainId', 'asset', 'amount', 'interval', 'day', 'startsOn'],
  properties: {
    chainId: { type: 'integer' },
    asset: { type: 'string', description: '"native" or a token address from the chain’s assets.' },
    amount: { type: 'string', description: 'Each period’s amount, a decimal in the asset’s units.' },
    payer: { type: ['string', 'null'] },
    payerEmail: {
      type: ['string', 'null'],
      description: 'Where each period’s request is e-mailed, when e-mail is on.',
    },
    payerLanguage: {
      type: ['string', 'null'],
      enum: ['en', 'es', 'de', 'fr', 'pt-BR', 'ja', null],
      description: 'The language of those e-mails; English unless given.',
    },
    memo: { type: 'string' },
    interval: { type: 'string', enum: ['week', 'month', 'year'] },
    day: { type: 'integer', description: 'Weekday 1 (Monday)–7, or day of the month 1–31.' },
    month: { type: ['integer', 'null'], description: 'For a yearly schedule: 1–12.' },
    startsOn: { type: 'string', format: 'date', description: 'Today or later (UTC).' },
    count: { type: ['integer', 'null'], minimum: 1, description: 'How many periods; leave out for until stopped.' },
    dueDays: { type: 'integer', minimum: 1, maximum: 365, default: 14 },
  },
}

const one = (summary: string, description: string) => ({
  post: {
    summary,
    description: `Needs \`requests:write\`. ${description}`,
    parameters: [idParameter],
    responses: {
      '200': { description: 'The schedule.', content: json(ref('Schedule')) },
      ...errors,
      '404': error('No such schedule of this payee.'),
      '409': error('SCHEDULE_STOPPED: it stopped for good.'),
    },
  },
})

/** The schedule paths of the OpenAPI document. */
export const schedulePaths = {
  '/schedules': {
    post: {
      summary: 'Make a schedule of recurring requests',
      description:
        'Needs `requests:write`. Each period’s request is signed by the key’s delegate (which the payee’s wallet authorised) and made when the period begins, by whichever server comes first, exactly once.',
      requestBody: { required: true, content: json(scheduleBody) },
      responses: { '201': { description: 'Made.', content: json(ref('Schedule')) }, ...errors },
    },
    get: {
      summary: 'List schedules, newest first',
      description: 'Needs `requests:read`.',
      responses: {
        '200': {
          description: 'The schedules.',
          content: json({
            type: 'object',
            required: ['data'],
            properties: { data: { type: 'array', items: ref('Schedule') } },
          }),
        },
        ...errors,
      },
    },
  },
  '/schedules/{id}': {
    get: {
      summary: 'Read a schedule with each period’s request',
      description: 'Needs `requests:read`.',
      parameters: [idParameter],
      responses: {
        '200': { description: 'The schedule.', content: json(ref('Schedule')) },
        ...errors,
        '404': error('No such schedule of this payee.'),
      },
    },
  },
  '/schedules/{id}/pause': one(
    'Pause a schedule',
    'No period is issued while paused; periods that begin meanwhile are skipped.',
  ),
  '/schedules/{id}/resume': one('Resume a schedule', 'Issues again from the next period to begin.'),
  '/schedules/{id}/stop': one('Stop a schedule', 'For good; the requests issued stay payable.'),
}

export const scheduleSchemas = { Schedule: publicScheduleSchema }
