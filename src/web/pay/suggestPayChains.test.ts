import { describe, expect, it } from 'vitest'
import { suggestPayChains } from './suggestPayChains.ts'

const due = 10_000_000n

describe('where the pay page suggests paying a request of several chains', () => {
  it('offers first the only chain where the payer holds enough, though it is the third and its fee the highest', () => {
    const suggested = suggestPayChains(
      [
        { chainId: 31337, balance: 0n, fee: 1n },
        { chainId: 84532, balance: 2_000_000n, fee: 2n },
        { chainId: 421614, balance: 50_000_000n, fee: 9n },
      ],
      due,
    )
    expect(suggested.map((s) => [s.chainId, s.enough])).toEqual([
      [421614, true],
      [84532, false],
      [31337, false],
    ])
  })

  it('puts the cheapest fee first among the chains that have enough, an unknown fee last', () => {
    const suggested = suggestPayChains(
      [
        { chainId: 1, balance: due, fee: undefined },
        { chainId: 2, balance: due, fee: 30n },
        { chainId: 3, balance: due * 2n, fee: 4n },
      ],
      due,
    )
    expect(suggested.map((s) => s.chainId)).toEqual([3, 2, 1])
  })

  it('offers the cheaper of two chains that both cover the amount first, though the other holds far more; a short chain after both', async () => {
    const suggested = suggestPayChains(
      [
        { chainId: 31337, balance: due * 100n, fee: 631n },
        { chainId: 84532, balance: due, fee: 23n },
        { chainId: 421614, balance: due - 1n, fee: 1n },
      ],
      due,
    )
    expect(suggested.map((s) => [s.chainId, s.enough])).toEqual([
      [84532, true],
      [31337, true],
      [421614, false],
    ])
  })
})
