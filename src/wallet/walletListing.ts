import { isUsable } from './capabilityCheck.ts'
import { popularWalletIds, walletRegistry, type RegistryWallet } from './registry/walletRegistry.ts'
import type { DetectedWallet } from './types.ts'

export type WalletListItem =
  | { kind: 'installed'; key: string; name: string; wallet: DetectedWallet; lastUsed: boolean; usable: boolean }
  | { kind: 'registry'; key: string; name: string; entry: RegistryWallet; lastUsed: boolean }

/**
 * The connect dialog's list: installed wallets first (the last used leading), then the last used
 * wallet if it is not installed, then popular wallets, then the rest of the registry; filtered by
 * the search text on name and identifier.
 */
export function buildWalletList({
  detected,
  lastUsedRdns,
  query = '',
  registry = walletRegistry,
}: {
  detected: readonly DetectedWallet[]
  lastUsedRdns?: string
  query?: string
  registry?: readonly RegistryWallet[]
}): WalletListItem[] {
  const installedRdns = new Set(detected.map((w) => w.rdns).filter(Boolean))
  const installed: WalletListItem[] = [...detected]
    .sort((a, b) => rank(b) - rank(a))
    .map((wallet) => ({
      kind: 'installed',
      key: `installed:${wallet.key}`,
      name: wallet.name,
      wallet,
      lastUsed: wallet.rdns !== undefined && wallet.rdns === lastUsedRdns,
      usable: isUsable(wallet),
    }))

  function rank(wallet: DetectedWallet) {
    return (isUsable(wallet) ? 2 : 0) + (wallet.rdns !== undefined && wallet.rdns === lastUsedRdns ? 1 : 0)
  }

  const notInstalled = registry.filter((entry) => !installedRdns.has(entry.rdns))
  const order = (entry: RegistryWallet) => {
    if (entry.rdns === lastUsedRdns) return -1
    const popular = (popularWalletIds as readonly string[]).indexOf(entry.id)
    return popular === -1 ? popularWalletIds.length : popular
  }
  const others: WalletListItem[] = [...notInstalled]
    .sort((a, b) => order(a) - order(b) || a.name.localeCompare(b.name))
    .map((entry) => ({
      kind: 'registry',
      key: `registry:${entry.id}`,
      name: entry.name,
      entry,
      lastUsed: entry.rdns === lastUsedRdns,
    }))

  const needle = query.trim().toLowerCase()
  const matches = (item: WalletListItem) => {
    if (!needle) return true
    const rdns = item.kind === 'installed' ? item.wallet.rdns : item.entry.rdns
    return item.name.toLowerCase().includes(needle) || (rdns?.toLowerCase().includes(needle) ?? false)
  }
  return [...installed, ...others].filter(matches)
}
