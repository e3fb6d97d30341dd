import { useStore } from '@nanostores/react'
import { fillText } from '../i18n/fill.tsx'
import { useChains } from '../requests/requestOperations.ts'
import { assetChoiceText } from './developers/developersText.ts'

/**
 * Every asset of every chain offered, as a form's select shows them, and the one chosen by its key:
 * USDC unless another was picked, as on the request form (what most payers hold to pay with).
 */
export function useAssetChoice(picked: string) {
  const t = useStore(assetChoiceText)
  const chains = useChains()
  const assets = (chains.data ?? []).flatMap((c) =>
    c.assets.map((a) => ({
      key: `${c.id}:${a.address}`,
      chainId: c.id,
      address: a.address,
      symbol: a.symbol,
      decimals: a.decimals,
      label: fillText(c.testnet ? t.assetTest : t.asset, { symbol: a.symbol, chain: c.name }),
    })),
  )
  const chosen = assets.find((a) => a.key === picked) ?? assets.find((a) => a.symbol === 'USDC') ?? assets[0]
  return { assets, chosen }
}
