import { describe, expect, it } from 'vitest'
import { dueDatePresets } from './dueDates.ts'

describe('the create form’s due dates', () => {
  it('end the day they fall on: in 7 days, in 30 days, at the end of the month', () => {
    const presets = dueDatePresets(new Date(2026, 10, 24, 9, 41))
    expect(presets).toEqual([
      { label: 'in7Days', value: '2026-12-01T23:59' },
      { label: 'in30Days', value: '2026-12-24T23:59' },
      { label: 'endOfMonth', value: '2026-11-30T23:59' },
    ])
  })

  it('offer the next month’s end on a month’s last day, and cross the year', () => {
    expect(dueDatePresets(new Date(2026, 11, 31, 18, 0)).map((p) => p.value)).toEqual([
      '2027-01-07T23:59',
      '2027-01-30T23:59',
      '2027-01-31T23:59',
    ])
  })
})
