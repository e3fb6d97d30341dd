const KEY = 'billfold.lastWallet'

/** The identifier of the wallet last connected, kept so it can lead the list next time. */
export function readLastUsedWallet(storage: Storage | undefined): string | undefined {
  try {
    return storage?.getItem(KEY) ?? undefined
  } catch {
    return undefined
  }
}

export function writeLastUsedWallet(storage: Storage | undefined, rdns: string): void {
  try {
    storage?.setItem(KEY, rdns)
  } catch {
    // Private mode or a full quota: remembering is a convenience, not a requirement.
  }
}
