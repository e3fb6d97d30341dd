/** Where WalletConnect's client talks to when a relay of our own is not configured. */
const WALLETCONNECT_ORIGINS = [
  'wss://relay.walletconnect.org',
  'wss://relay.walletconnect.com',
  'https://*.walletconnect.org',
  'https://*.walletconnect.com',
]

export type SecurityHeaderOptions = {
  /** The production build gets the strict policy; Vite's dev server needs inline scripts for hot reload. */
  production: boolean
  https: boolean
  walletConnectRelayUrl?: string | undefined
}

/**
 * Headers on every answer: no framing (a payer must never be clickjacked on a pay page), no MIME
 * sniffing, no referrer leaving the app, and in production a CSP without inline script (the
 * runtime config is inert JSON, which CSP does not run). Styles may be inline: dialogs inject them.
 */
export function securityHeaders({
  production,
  https,
  walletConnectRelayUrl,
}: SecurityHeaderOptions): Record<string, string> {
  const headers: Record<string, string> = {
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    'cross-origin-opener-policy': 'same-origin-allow-popups',
  }
  if (https) headers['strict-transport-security'] = 'max-age=31536000'
  const connect = [
    "'self'",
    ...(walletConnectRelayUrl ? [new URL(walletConnectRelayUrl).origin] : WALLETCONNECT_ORIGINS),
  ]
  headers['content-security-policy'] = production
    ? [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        `connect-src ${connect.join(' ')}`,
        "frame-src 'none'",
        "frame-ancestors 'none'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
      ].join('; ')
    : "frame-ancestors 'none'"
  return headers
}
