import { describe, expect, it } from 'vitest'
import { assetsOf, chainProfiles } from '../chain/chains.ts'
import { NATIVE_ASSET, type Asset } from './paymentRequest.ts'
import { checkAcceptedChains, defaultAcceptedChains } from './requestChains.ts'

// Base, Arbitrum and Polygon as Billfold offers them: USDC on all three, USDT not on Base, EURC only on Base.
const assets = assetsOf(chainProfiles.filter((p) => [8453, 42161, 137].includes(p.chain.id)))
const on = (chainId: number, symbol: string) => assets.find((a) => a.chainId === chainId && a.symbol === symbol)!
const entry = (a: Asset) => ({ chainId: a.chainId, asset: a.address })

describe('what a request accepts unless told', () => {
  it('is every offered chain where its token exists, its own first, the rest by chain id', () => {
    expect(defaultAcceptedChains(on(42161, 'USDC'), assets)).toEqual(
      [on(42161, 'USDC'), on(137, 'USDC'), on(8453, 'USDC')].map(entry),
    )
    expect(defaultAcceptedChains(on(42161, 'USDT'), assets)).toEqual([on(42161, 'USDT'), on(137, 'USDT')].map(entry))
    expect(defaultAcceptedChains(on(8453, 'EURC'), assets)).toEqual([entry(on(8453, 'EURC'))])
    // The native coin counts where it is the same coin: ETH on Base and Arbitrum, not Polygon's POL.
    expect(defaultAcceptedChains(on(8453, 'ETH'), assets)).toEqual([
      { chainId: 8453, asset: NATIVE_ASSET },
      { chainId: 42161, asset: NATIVE_ASSET },
    ])
  })

  it('applies when no list is given; an empty list is the own chain alone', () => {
    const own = on(137, 'DAI')
    expect(checkAcceptedChains(own, undefined, assets)).toEqual({
      ok: true,
      chains: defaultAcceptedChains(own, assets),
    })
    expect(checkAcceptedChains(own, null, assets)).toEqual({
      ok: true,
      chains: [on(137, 'DAI'), on(8453, 'DAI'), on(42161, 'DAI')].map(entry),
    })
    expect(checkAcceptedChains(own, [], assets)).toEqual({ ok: true, chains: [entry(own)] })
  })
})
