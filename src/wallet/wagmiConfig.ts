import { createConfig, createStorage, http, type Config } from '@wagmi/core'
import type { Chain } from 'viem'

/**
 * wagmi without its own provider discovery: Billfold's detector finds wallets and hands wagmi the
 * chosen provider at connect time.
 */
export function createWagmiConfig({
  chains,
  storage,
}: {
  chains: readonly [Chain, ...Chain[]]
  storage?: Storage
}): Config {
  return createConfig({
    chains,
    connectors: [],
    multiInjectedProviderDiscovery: false,
    storage: createStorage({ storage, key: 'billfold.wagmi' }),
    transports: Object.fromEntries(chains.map((chain) => [chain.id, http(chain.rpcUrls.default.http[0])])),
  })
}
