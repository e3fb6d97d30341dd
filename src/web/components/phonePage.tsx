import { useStore } from '@nanostores/react'
import { fillText } from '../i18n/fill.tsx'
import { connectText } from '../i18n/messages.ts'
import { useWalletCore } from '../wallet/WalletProvider.tsx'

/** Names that only ever lead back to the machine itself, so a phone opening them reaches nothing. */
function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase()
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '::1' ||
    host === '0.0.0.0' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
  )
}

/**
 * This page as a phone would open it: at PUBLIC_URL when the server has one (where people reach this
 * Billfold), else at the page's own address; undefined when that address leads only to this computer.
 */
export function phonePageUrl(page: URL, publicUrl: string | null): URL | undefined {
  const base = new URL(publicUrl ?? page.origin)
  if (isLoopback(base.hostname)) return undefined
  return new URL(`${page.pathname}${page.search}${page.hash}`, base.origin)
}

/**
 * Whether a phone can join this page: through an address it can open, or through WalletConnect's
 * relay; and, when neither, the sentence that says why.
 */
export function useMobileReach() {
  const core = useWalletCore()
  const t = useStore(connectText)
  const phonePage = phonePageUrl(new URL(window.location.href), core.publicUrl)
  return {
    phonePage,
    mobile: phonePage !== undefined || core.walletConnect !== null,
    mobileUnavailable: (
      <p className="hint" data-testid="mobile-unavailable">
        {fillText(t.mobileUnreachable, { host: new URL(core.publicUrl ?? window.location.origin).host })}
      </p>
    ),
  }
}
