import { useState } from 'react'
import type { Address } from 'viem'
import { BackToRequests } from './BackToRequests.tsx'
import { CreateRequestForm } from './CreateRequestForm.tsx'
import { CreatePricedRequestForm } from './priced/CreatePricedRequestForm.tsx'

/**
 * `/new`: the way back, then the create form, for an amount in a token or a price in a currency;
 * fetched when first shown, with the request rules it needs.
 */
export function NewRequestScreen({ payee, walletChainId }: { payee: Address; walletChainId: number }) {
  const [priced, setPriced] = useState(false)
  return (
    <>
      <BackToRequests />
      <fieldset className="toggle" aria-label="What the request is priced in">
        <label>
          <input type="radio" name="request-kind" checked={!priced} onChange={() => setPriced(false)} /> In a token
          (USDC, ETH…)
        </label>
        <label>
          <input type="radio" name="request-kind" checked={priced} onChange={() => setPriced(true)} /> In a currency
          (EUR, USD…)
        </label>
      </fieldset>
      {priced ? (
        <CreatePricedRequestForm payee={payee} walletChainId={walletChainId} />
      ) : (
        <CreateRequestForm payee={payee} walletChainId={walletChainId} />
      )}
    </>
  )
}
