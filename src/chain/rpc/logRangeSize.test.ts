import { describe, expect, it } from 'vitest'
import { createLogRangeSize } from './logRangeSize.ts'

const refusal = (hint: { maxBlocks?: number; suggestedTo?: bigint } = {}) => ({
  kind: 'log-range' as const,
  words: 'refused',
  ...hint,
})

describe('the eth_getLogs range size', () => {
  it('takes the range a provider suggests from the same start', () => {
    const size = createLogRangeSize(2000)
    expect(size.refused(100n, 2099n, refusal({ suggestedTo: 149n }))).toBe(50)
  })

  it('takes a named cap and keeps it as a ceiling when growing back', () => {
    const size = createLogRangeSize(2000)
    expect(size.refused(0n, 1999n, refusal({ maxBlocks: 800 }))).toBe(800)
    for (let i = 0; i < 40; i++) size.succeeded()
    expect(size.blocks).toBe(800)
  })

  it('halves when the provider names no figure, and grows back after successes', () => {
    const size = createLogRangeSize(2000)
    expect(size.refused(0n, 1999n, refusal())).toBe(1000)
    expect(size.refused(0n, 999n, refusal())).toBe(500)
    for (let i = 0; i < 8; i++) size.succeeded()
    expect(size.blocks).toBe(2000)
  })

  it('never asks the refused range again: a useless hint still shrinks it, and one refused block cannot be split', () => {
    const size = createLogRangeSize(2000)
    expect(size.refused(0n, 99n, refusal({ maxBlocks: 5000 }))).toBe(50)
    expect(size.refused(0n, 49n, refusal({ suggestedTo: 49n }))).toBe(25)
    expect(size.refused(7n, 7n, refusal())).toBeUndefined()
  })
})
