import { describe, expect, it } from 'vitest'
import type { JournalRow } from '../../db/changeJournal/journalEntries.ts'
import { decideNotifications } from './decideNotifications.ts'
import { epochText } from './settingNotifications.ts'
import { ALICE, AT, entry, facts } from './testing/journalFixtures.ts'

describe('what follows a relayer paused or a schedule authorised', () => {
  const relayer = (pausedAt: string | null): JournalRow => ({
    payee: ALICE,
    chain_id: 31337,
    address: '0xRe1a',
    revert_budget: 3,
    paused_at: pausedAt,
    paused_reason: pausedAt ? '3 relays reverted within the hour' : null,
  })

  it('tells the payee once per pause, by e-mail and webhook, with the relayer as written', () => {
    const paused = entry('relayers', 'UPDATE', relayer(null), relayer(AT))
    expect(decideNotifications([paused], facts())).toEqual({
      webhooks: [
        {
          payee: ALICE,
          type: 'relayer.paused',
          requestId: '',
          payload: {
            relayer: {
              chainId: 31337,
              address: '0xRe1a',
              reason: '3 relays reverted within the hour',
              revertBudget: 3,
              pausedAt: AT,
            },
            message: '3 relays reverted within the hour',
          },
          at: AT,
          endpointIds: ['we_1'],
        },
      ],
      emails: [
        {
          dedupeKey: `relayer_paused:0xRe1a:${epochText(AT)}`,
          kind: 'relayer_paused',
          payee: ALICE,
          toAddress: null,
          language: null,
          requestId: null,
          payload: { chain: '31337', address: '0xRe1a', reason: '3 relays reverted within the hour' },
        },
      ],
      live: [],
    })
  })

  it('says nothing when a relayer resumes or was paused already', () => {
    expect(decideNotifications([entry('relayers', 'UPDATE', relayer(AT), relayer(null))], facts())).toEqual({
      webhooks: [],
      emails: [],
      live: [],
    })
    expect(decideNotifications([entry('relayers', 'UPDATE', relayer(AT), relayer(AT))], facts())).toEqual({
      webhooks: [],
      emails: [],
      live: [],
    })
  })

  it('keys a pause by its time as PostgreSQL prints its epoch', () => {
    expect(epochText('2026-11-26T13:48:08.12+00:00')).toBe('1795700888.120000')
    expect(epochText('2026-11-26T13:48:08+00:00')).toBe('1795700888.000000')
    expect(epochText('2026-11-26T15:48:08.5+02:00')).toBe('1795700888.500000')
  })

  it('wakes the schedule issuers for a schedule authorised or resumed, not one paused or stopped', () => {
    const schedule = (fields: JournalRow) =>
      entry('schedules', 'UPDATE', null, {
        id: 'sch_1',
        activated_at: AT,
        paused_at: null,
        stopped_at: null,
        ...fields,
      })
    expect(decideNotifications([schedule({})], facts()).live).toEqual([
      { channel: 'billfold_schedules', payload: 'sch_1' },
    ])
    expect(
      decideNotifications(
        [schedule({ paused_at: AT }), schedule({ stopped_at: AT }), schedule({ activated_at: null })],
        facts(),
      ).live,
    ).toEqual([])
  })
})
