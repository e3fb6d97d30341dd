import { useStore } from '@nanostores/react'
import { useState } from 'react'
import type { Address } from 'viem'
import type { WalletError } from '../../wallet/walletErrors.ts'
import { SessionControl } from '../auth/SessionControl.tsx'
import { useSignOut } from '../auth/useSession.ts'
import { useWalletCore } from '../wallet/WalletProvider.tsx'
import { fillText } from '../i18n/fill.tsx'
import { accountText } from '../i18n/messages.ts'
import { ErrorNotice } from './ErrorNotice.tsx'
import { shortAddress } from './shortAddress.ts'

/**
 * The header's account control once connected: address, chain, copy, switch and disconnect; and
 * signing in, except on a payer's pages (paying needs no session).
 */
export function AccountControl({
  address,
  chainId,
  payer = false,
}: {
  address: Address
  chainId: number
  payer?: boolean
}) {
  const { chains, connection } = useWalletCore()
  const signOut = useSignOut()
  const [copied, setCopied] = useState(false)
  const [switchError, setSwitchError] = useState<WalletError>()
  const chain = chains.find((c) => c.id === chainId)
  const target = chains[0]
  const t = useStore(accountText)

  const copy = async () => {
    await navigator.clipboard.writeText(address)
    setCopied(true)
    setTimeout(() => setCopied(false), 1500)
  }

  const switchChain = async () => {
    setSwitchError(undefined)
    try {
      await connection.switchChain(target.id)
    } catch (error) {
      setSwitchError(error as WalletError)
    }
  }

  return (
    <div className="account" aria-label={t.yourWallet}>
      {chain ? (
        <span className="chain" data-chain-id={chainId}>
          {chain.name}
        </span>
      ) : (
        <>
          <span className="chain wrong" data-chain-id={chainId}>
            {t.wrongNetwork}
          </span>
          <button type="button" className="button primary" onClick={switchChain}>
            {fillText(t.switchTo, { chain: target.name })}
          </button>
        </>
      )}
      <button type="button" className="button address" onClick={copy} aria-label={fillText(t.copyAddress, { address })}>
        <span data-testid="account-address">{shortAddress(address)}</span>
      </button>
      <span role="status" className="copied">
        {copied ? t.addressCopied : ''}
      </span>
      {!payer && <SessionControl address={address} chainId={chainId} chainSupported={chain !== undefined} />}
      <button
        type="button"
        className="button"
        onClick={() => {
          // Leaving with the wallet also ends the session: the safe default on a shared computer.
          signOut.mutate()
          void connection.disconnect()
        }}
      >
        {t.disconnect}
      </button>
      <ErrorNotice error={switchError} />
    </div>
  )
}
