import type { Address } from 'viem'
import { BackToRequests } from '../BackToRequests.tsx'
import { CreateInvoiceForm } from './CreateInvoiceForm.tsx'

/** `/invoices/new`: the way back, then the invoice form, fetched with the invoice rules when first shown. */
export function NewInvoiceScreen({ payee, walletChainId }: { payee: Address; walletChainId: number }) {
  return (
    <>
      <BackToRequests />
      <CreateInvoiceForm payee={payee} walletChainId={walletChainId} />
    </>
  )
}
