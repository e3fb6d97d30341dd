import { useStore } from '@nanostores/react'
import { useEffect, useRef, useState } from 'react'
import type { Address } from 'viem'
import type { WalletError } from '../../wallet/walletErrors.ts'
import { SessionMenuItem, SignInButton } from '../auth/SessionControl.tsx'
import { useSignOut } from '../auth/useSession.ts'
import { useWalletCore } from '../wallet/WalletProvider.tsx'
import { fillText } from '../i18n/fill.tsx'
import { accountText } from '../i18n/messages.ts'
import { ErrorNotice } from './ErrorNotice.tsx'
import { shortAddress } from './shortAddress.ts'

/**
 * The header's wallet once connected: the short address opens a menu with the network, a copy
 * button, and the two ways to leave, each saying what it does. Signing in sits beside it, except on
 * a payer's pages (paying needs no session). A wrong network is said outside the menu.
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
  const [switchError, setSwitchError] = useState<WalletError>()
  const menu = useRef<HTMLDetailsElement>(null)
  const chain = chains.find((c) => c.id === chainId)
  const target = chains[0]
  const t = useStore(accountText)
  useCloseOnOutsideClick(menu)

  const switchChain = async () => {
    setSwitchError(undefined)
    try {
      await connection.switchChain(target.id)
    } catch (error) {
      setSwitchError(error as WalletError)
    }
  }

  return (
    <div className="account" role="group" aria-label={t.yourWallet}>
      {!chain && (
        <>
          <span className="chain wrong" data-chain-id={chainId}>
            {t.wrongNetwork}
          </span>
          <button type="button" className="button primary" onClick={switchChain}>
            {fillText(t.switchTo, { chain: target.name })}
          </button>
        </>
      )}
      {!payer && <SignInButton address={address} chainId={chainId} chainSupported={chain !== undefined} />}
      <details className="account-menu" ref={menu}>
        <summary className="button address" data-testid="account-menu">
          <span className="visually-hidden">{t.yourWallet}: </span>
          <span data-testid="account-address">{shortAddress(address)}</span>
        </summary>
        <div className="account-menu-panel">
          <p className="account-menu-line">
            {chain && (
              <span className="chain" data-chain-id={chainId}>
                {chain.name}
              </span>
            )}
            <span className="mono small">{address}</span>
            <button
              type="button"
              className="button small"
              aria-label={fillText(t.copyAddress, { address })}
              onClick={() => void navigator.clipboard.writeText(address)}
            >
              {t.copy}
            </button>
          </p>
          {!payer && <SessionMenuItem address={address} />}
          <div className="account-menu-item">
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
            <p className="hint">{payer ? t.disconnectPayerHint : t.disconnectHint}</p>
          </div>
        </div>
      </details>
      <ErrorNotice error={switchError} />
    </div>
  )
}

/** A menu closes when the person clicks elsewhere or presses Escape, as menus do. */
function useCloseOnOutsideClick(menu: React.RefObject<HTMLDetailsElement | null>) {
  useEffect(() => {
    const close = (event: Event) => {
      const element = menu.current
      if (!element?.open) return
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !element.contains(event.target as Node)) {
        element.open = false
        if (event instanceof KeyboardEvent) element.querySelector('summary')?.focus()
      }
    }
    document.addEventListener('pointerdown', close)
    document.addEventListener('keydown', close)
    return () => {
      document.removeEventListener('pointerdown', close)
      document.removeEventListener('keydown', close)
    }
  }, [menu])
}
