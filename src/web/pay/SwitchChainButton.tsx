import { useStore } from '@nanostores/react'
import { useMutation } from '@tanstack/react-query'
import { ErrorNotice } from '../components/ErrorNotice.tsx'
import { fillText } from '../i18n/fill.tsx'
import { payText } from '../i18n/payerMessages.ts'
import { useWalletCore } from '../wallet/WalletProvider.tsx'

/** Asks the wallet to switch to the request's chain (adding it when the wallet does not know it). */
export function SwitchChainButton({ chainId, chainName }: { chainId: number; chainName: string }) {
  const { connection } = useWalletCore()
  const switching = useMutation({ mutationFn: () => connection.switchChain(chainId) })
  const t = useStore(payText)
  return (
    <>
      <button
        type="button"
        className="button primary"
        onClick={() => switching.mutate()}
        disabled={switching.isPending}
      >
        {fillText(t.switchTo, { chain: chainName })}
      </button>
      <ErrorNotice error={switching.error} />
    </>
  )
}
