import { describe, expect, it } from 'vitest'
import { TEST_EVENT_TYPE, WEBHOOK_EVENT_TYPES } from '../../../notifications/webhooks/webhookEvents.ts'
import en from '../../../i18n/catalogs/payee/developers/en.ts'
import { eventName } from './webhookEventNames.ts'

const eventNames = en['payee/developers/events']

describe('webhook events in words', () => {
  it('names every event an endpoint can receive, each differently', () => {
    const names = [...WEBHOOK_EVENT_TYPES, TEST_EVENT_TYPE].map((type) => eventName(eventNames, type))
    expect(names.filter((name) => name.includes('_') || name.includes('.'))).toEqual([])
    expect(new Set(names).size).toBe(names.length)
  })

  it('shows an event it does not know as its identifier', () => {
    expect(eventName(eventNames, 'invoice.voided')).toBe('invoice.voided')
  })
})
