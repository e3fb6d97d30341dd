import type { RegistryWallet } from './registry/walletRegistry.ts'
import { walletRegistry } from './registry/walletRegistry.ts'

const MAX_NAME_LENGTH = 64
const safeDataImage = /^data:image\/(png|jpeg|gif|webp|svg\+xml)[;,]/i

/** An icon URL that is safe in `<img src>`: a data image or https. Anything else is dropped. */
export function safeIconUrl(icon: unknown): string | undefined {
  if (typeof icon !== 'string') return undefined
  const trimmed = icon.trim()
  if (safeDataImage.test(trimmed)) return trimmed
  try {
    return new URL(trimmed).protocol === 'https:' ? trimmed : undefined
  } catch {
    return undefined
  }
}

/** A printable, bounded wallet name; falls back to the registry or the identifier. */
export function displayName(name: unknown, rdns: string | undefined): string {
  // Control and bidi characters would make the list unreadable; the name is rendered as text either way.
  const cleaned =
    typeof name === 'string'
      ? name
          .replace(/\p{Cc}|\p{Cf}/gu, '')
          .trim()
          .slice(0, MAX_NAME_LENGTH)
      : ''
  if (cleaned) return cleaned
  const known = rdns ? walletRegistry.find((w) => w.rdns === rdns) : undefined
  return known?.name ?? (rdns || 'Unnamed wallet')
}

const rdnsPattern = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i

export function cleanRdns(rdns: unknown): string | undefined {
  return typeof rdns === 'string' && rdnsPattern.test(rdns) && rdns.length <= 255 ? rdns : undefined
}

/** Names a legacy `window.ethereum` provider by its flags. */
export function identifyLegacyProvider(provider: unknown): {
  name: string
  rdns: string | undefined
  wallet?: RegistryWallet
} {
  const flags = typeof provider === 'object' && provider !== null ? (provider as Record<string, unknown>) : {}
  const wallet = walletRegistry.find((w) => {
    if (!w.legacyFlag) return false
    try {
      return flags[w.legacyFlag] === true
    } catch {
      return false
    }
  })
  return wallet ? { name: wallet.name, rdns: wallet.rdns, wallet } : { name: 'Browser wallet', rdns: undefined }
}
