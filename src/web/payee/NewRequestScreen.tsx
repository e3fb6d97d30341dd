import { useStore } from '@nanostores/react'
import { useState } from 'react'
import type { Address } from 'viem'
import { SegmentedSwitch } from '../components/SegmentedSwitch.tsx'
import { BackToRequests } from './BackToRequests.tsx'
import { CreateRequestForm } from './CreateRequestForm.tsx'
import { CreatePricedRequestForm } from './priced/CreatePricedRequestForm.tsx'
import { createText } from './payeeMessages.ts'

/**
 * `/new`: the way back, then the create form, for an amount in a token or a price in a currency;
 * fetched when first shown, with the request rules it needs.
 */
export function NewRequestScreen({ payee, walletChainId }: { payee: Address; walletChainId: number }) {
  const t = useStore(createText)
  const [priced, setPriced] = useState(false)
  return (
    <>
      <BackToRequests />
      <SegmentedSwitch
        name="request-kind"
        label={t.kind}
        value={priced ? 'currency' : 'token'}
        onChange={(kind) => setPriced(kind === 'currency')}
        options={[
          { value: 'token', label: t.kindToken },
          { value: 'currency', label: t.kindCurrency },
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
