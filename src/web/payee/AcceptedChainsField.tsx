import { useStore } from '@nanostores/react'
import { useState } from 'react'
import type { Asset } from '../../domain/paymentRequest.ts'
import { defaultAcceptedChains } from '../../domain/requestChains.ts'
import { CheckboxGroup } from '../components/CheckboxGroup.tsx'
import { fillText } from '../i18n/fill.tsx'
import { useChains } from '../requests/requestOperations.ts'
import { createText } from './payeeMessages.ts'

/**
 * The other chains where the request's token exists and those of them the payee keeps: every one
 * until unticked, as the API's default. Unticked chains are kept by id, so changing the token and
 * back remembers them.
 */
export function useAlsoAcceptedChains(assets: readonly Asset[], own: { chainId: string; asset: string }) {
  const [leftOut, setLeftOut] = useState<readonly number[]>([])
  const ownAsset = assets.find((a) => String(a.chainId) === own.chainId && a.address === own.asset)
  const offered = ownAsset ? defaultAcceptedChains(ownAsset, assets).slice(1) : []
  return {
    offered,
    chosen: offered.filter((c) => !leftOut.includes(c.chainId)),
    toggle: (chainId: number, on: boolean) =>
      setLeftOut((out) => (on ? out.filter((c) => c !== chainId) : [...out, chainId])),
  }
}

/**
 * A tick per other chain with the request's token: a payer may pay on any ticked chain, and parts
 * paid on two add up. Nothing shows where no other chain has the token.
 */
export function AcceptedChainsField({
  id,
  symbol,
  choice,
  error,
}: {
  id: string
  symbol: string
  choice: ReturnType<typeof useAlsoAcceptedChains>
  error: string | undefined
}) {
  const t = useStore(createText)
  const chains = useChains()
  if (choice.offered.length === 0) return null
  const nameOf = (chainId: number) => {
    const chain = chains.data?.find((c) => c.id === chainId)
    if (!chain) return String(chainId)
    return chain.testnet ? fillText(t.testNetwork, { name: chain.name }) : chain.name
  }
  return (
    <CheckboxGroup
      id={id}
      legend={fillText(t.alsoPayableOn, { symbol })}
      options={choice.offered.map((c) => ({ value: String(c.chainId), label: nameOf(c.chainId) }))}
      chosen={choice.chosen.map((c) => String(c.chainId))}
      error={error}
      onToggle={(value, on) => choice.toggle(Number(value), on)}
    />
  )
}
