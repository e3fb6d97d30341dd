import { useStore } from '@nanostores/react'
import type { Asset } from '../../../domain/paymentRequest.ts'
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
    <fieldset className="field" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{t.legend}</legend>
      <div className="actions">
        {assets.map((asset) => (
          <label key={asset.address} className="inline">
            <input
              type="checkbox"
              checked={chosen.includes(asset.address)}
              onChange={(e) => onToggle(asset.address, e.target.checked)}
              onBlur={onBlur}
            />{' '}
            {asset.symbol}
          </label>
        ))}
      </div>
      {error && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </fieldset>
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
    assets: (chains ?? []).flatMap((c) => c.assets.map(asAsset(c.id))),
    quotableAssets: (quotable.data ?? []).map(asAsset(chainId)),
  }
}
