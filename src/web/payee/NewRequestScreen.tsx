import type { Address } from 'viem'
import { BackToRequests } from './BackToRequests.tsx'
import { CreateRequestForm } from './CreateRequestForm.tsx'

/** `/new`: the way back, then the create form; fetched when first shown, with the request rules it needs. */
export function NewRequestScreen({ payee, walletChainId }: { payee: Address; walletChainId: number }) {
  return (
    <>
      <BackToRequests />
      <CreateRequestForm payee={payee} walletChainId={walletChainId} />
    </>
  )
}
