import { useState } from 'react'
import type { Address } from 'viem'
import { SegmentedSwitch } from '../components/SegmentedSwitch.tsx'
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
      <SegmentedSwitch
        name="request-kind"
        label="What the request is priced in"
        value={priced ? 'currency' : 'token'}
        onChange={(kind) => setPriced(kind === 'currency')}
        options={[
          { value: 'token', label: 'In a token (USDC, ETH…)' },
          { value: 'currency', label: 'In a currency (EUR, USD…)' },
        ]}
      />
      {priced ? (
        <CreatePricedRequestForm payee={payee} walletChainId={walletChainId} />
      ) : (
        <CreateRequestForm payee={payee} walletChainId={walletChainId} />
      )}
    </>
  )
}
