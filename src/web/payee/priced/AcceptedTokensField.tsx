import { useStore } from '@nanostores/react'
import { CheckboxGroup } from '../../components/CheckboxGroup.tsx'
import type { Asset } from '../../../domain/paymentRequest.ts'
import { assetsOfChains } from '../../requests/requestOperations.ts'
import { useQuotableAssets } from './pricedRequestOperations.ts'
import { acceptedTokensText } from './pricedText.ts'

/** One checkbox per token that can be priced on the chain, with the group's error below. */
export function AcceptedTokensField({
  id,
  assets,
  chosen,
  error,
  onToggle,
  onBlur,
}: {
  id: string
  assets: readonly Asset[]
  chosen: readonly string[]
  error: string | undefined
  onToggle: (address: string, on: boolean) => void
  onBlur: () => void
}) {
  const t = useStore(acceptedTokensText)
  return (
    <CheckboxGroup
      id={id}
      legend={t.legend}
      options={assets.map((asset) => ({ value: asset.address, label: asset.symbol }))}
      chosen={chosen}
      error={error}
      onToggle={onToggle}
      onBlur={onBlur}
    />
  )
}

/** Every asset of the chains offered, and those of one chain that can be priced, as the rules take them. */
export function useRequestAssets(
  chains:
    readonly { id: number; assets: readonly { address: string; symbol: string; decimals: number }[] }[] | undefined,
  chainId: number,
) {
  const quotable = useQuotableAssets(chainId)
  const asAsset = (id: number) => (a: { address: string; symbol: string; decimals: number }) => ({
    chainId: id,
    address: a.address as Asset['address'],
    symbol: a.symbol,
    decimals: a.decimals,
  })
  return {
    assets: assetsOfChains(chains),
    quotableAssets: (quotable.data ?? []).map(asAsset(chainId)),
  }
}
