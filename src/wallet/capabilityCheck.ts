import { requiredProviderMethods, type RequiredProviderMethod } from './types.ts'

/** The signing and transfer methods an EIP-1193 provider lacks; empty when it can be used. */
export function missingProviderMethods(provider: unknown): RequiredProviderMethod[] {
  if (typeof provider !== 'object' || provider === null) return [...requiredProviderMethods]
  return requiredProviderMethods.filter((method) => {
    try {
      return typeof (provider as Record<string, unknown>)[method] !== 'function'
    } catch {
      // A hostile getter counts as a missing method.
      return true
    }
  })
}

export function isUsable(wallet: { missingMethods: readonly unknown[] }): boolean {
  return wallet.missingMethods.length === 0
}
