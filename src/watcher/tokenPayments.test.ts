import { parseUnits } from 'viem'
import { describe, expect, it } from 'vitest'
import { devTokens } from '../chain/tokens.ts'
import { pay } from './testing/payments.ts'
import { useWatcherHarness } from './testing/watcherHarness.ts'

const { env, payee, catchUp, newRequest, statusOf, paymentsOf } = useWatcherHarness(8581)

describe('payments in every stablecoin of the dev chain', () => {
  it.each(devTokens.map((t) => [t.symbol, t.decimals, t] as const))(
    'matches a %s payment (%i decimals) by its reference, as on the pay page',
    async (_, decimals, token) => {
      // 12.34, and for DAI with all 18 decimals in play.
      const amount = parseUnits(decimals === 18 ? '12.340000000000000001' : '12.34', decimals)
      const request = await newRequest({ amount, asset: token.address })
      // USDT's transfer returns nothing: the payment still goes through and is seen by its Transfer log.
      await pay(env.anvil.rpcUrl, { from: 6, to: payee, amount, reference: request.reference, asset: token.address })
      await catchUp()
      expect(await statusOf(request.id)).toEqual({ status: 'paid', received: amount })
      expect((await paymentsOf(request.id)).map((p) => [p.amount, p.matchedBy])).toEqual([
        [amount.toString(), 'reference'],
      ])
    },
  )

  it('does not count a payment in another stablecoin of the same amount toward a request', async () => {
    const [usdc, eurc] = [devTokens.find((t) => t.symbol === 'USDC')!, devTokens.find((t) => t.symbol === 'EURC')!]
    const request = await newRequest({ amount: 5_000_000n, asset: usdc.address })
    await pay(env.anvil.rpcUrl, {
      from: 6,
      to: payee,
      amount: 5_000_000n,
      reference: request.reference,
      asset: eurc.address,
    })
    await catchUp()
    expect(await statusOf(request.id)).toEqual({ status: 'open', received: 0n })
  })
})
