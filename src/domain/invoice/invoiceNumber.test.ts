import { describe, expect, it } from 'vitest'
import { invoiceNumber, sequenceOf } from './invoiceNumber.ts'

describe('sequenceOf', () => {
  it('reads back the sequence of a number made from its pattern, whatever the literal characters', () => {
    for (const pattern of ['INV-{seq:4}', '2026/{seq}', 'A.B #{seq:9} x', '{seq:2}-X'])
      for (const sequence of [1, 7, 42, 12345])
        expect(sequenceOf(pattern, invoiceNumber(pattern, sequence)), pattern).toBe(sequence)
  })

  it('is undefined for a number another pattern made', () => {
    expect(sequenceOf('INV-{seq:4}', 'E2E-0001')).toBeUndefined()
  })
})
