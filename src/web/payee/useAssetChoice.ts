import { useChains } from '../requests/requestOperations.ts'

/**
 * Every asset of every chain offered, as a form's select shows them, and the one chosen by its key:
 * USDC unless another was picked, as on the request form (what most payers hold to pay with).
 */
export function useAssetChoice(picked: string) {
  const chains = useChains()
  const assets = (chains.data ?? []).flatMap((c) =>
    c.assets.map((a) => ({
      key: `${c.id}:${a.address}`,
      chainId: c.id,
      address: a.address,
      symbol: a.symbol,
      decimals: a.decimals,
      label: `${a.symbol} on ${c.name}${c.testnet ? ' (test network)' : ''}`,
    })),
  )
  const chosen = assets.find((a) => a.key === picked) ?? assets.find((a) => a.symbol === 'USDC') ?? assets[0]
  return { assets, chosen }
}
