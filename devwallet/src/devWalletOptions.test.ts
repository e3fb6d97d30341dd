import { describe, expect, it } from 'vitest'
import { keepOptions, parseOptions } from './devWalletOptions.ts'

describe('the dev wallet’s settings', () => {
  it('keep what a page’s address gave over what was stored, and the rest of what was stored', () => {
    const kept = keepOptions(JSON.stringify({ account: 1, reject: ['personal_sign'] }), JSON.stringify({ account: 3 }))
    expect(parseOptions(kept)).toMatchObject({ account: 3, reject: ['personal_sign'] })
  })

  it('survive garbage on either side', () => {
    expect(JSON.parse(keepOptions('not json', JSON.stringify({ account: 2 })))).toEqual({ account: 2 })
    expect(JSON.parse(keepOptions(JSON.stringify({ account: 2 }), '[1]'))).toEqual({ account: 2 })
  })

  it('know no chain URL by default: the dev chain goes through the app’s own relay', () => {
    expect(parseOptions().chains).toEqual({})
  })
})
