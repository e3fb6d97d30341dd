import { createPublicClient, createWalletClient, http, type Address, type Hex } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { createWalletCalls, type CallsWallet } from '../devwallet/src/walletCalls.ts'
import { devChain } from '../src/chain/chains.ts'
import { frameworkContracts } from '../src/domain/periodicPermission/framework.ts'
import { upgradeToDeleGator } from '../src/domain/periodicPermission/smartAccount.ts'
import type { Eip1193Provider } from '../src/wallet/types.ts'

/**
 * The dev wallet's EIP-5792 answers outside a browser: the same `createWalletCalls` the extension
 * runs, over one of Anvil's mnemonic accounts on `rpcUrl`, as an EIP-1193 provider. A test chooses
 * whether atomic batches are offered, the upgrade, and the largest batch, as the extension's options do.
 */
export function devWalletProvider(
  rpcUrl: string,
  {
    index,
    atomic = false,
    upgrade,
    maxCalls = 1000,
  }: {
    index: number
    /** Whether the chain has MetaMask's EIP-7702 account (the Delegation Framework's), so batches may be atomic. */
    atomic?: boolean
    upgrade?: CallsWallet['upgrade']
    maxCalls?: number
  },
): Eip1193Provider & { address: Address } {
  const account = mnemonicToAccount('test test test test test test test test test test test junk', {
    addressIndex: index,
  })
  const chain = devChain(rpcUrl)
  const publicClient = createPublicClient({ chain, transport: http(rpcUrl) })
  const walletClient = createWalletClient({ chain, transport: http(rpcUrl), account })
  const rpc = (method: string, params: unknown[]) =>
    publicClient.request({ method: method as never, params: params as never }) as Promise<unknown>
  const calls = createWalletCalls({
    address: () => account.address,
    chainId: () => chain.id,
    send: ({ to, data, value, nonce }) => walletClient.sendTransaction({ to, data, value, nonce }),
    rpc,
    implementation: () => (atomic ? frameworkContracts.EIP7702StatelessDeleGatorImpl : undefined),
    upgrade:
      upgrade ??
      (async () => {
        await upgradeToDeleGator(walletClient)
      }),
    maxCalls: () => maxCalls,
  })
  return {
    address: account.address,
    async request({ method, params }) {
      const args = (Array.isArray(params) ? params : []) as unknown[]
      if (calls.handles(method)) return calls.request(method, args)
      if (method === 'eth_sendTransaction') {
        const tx = args[0] as { to: Address; data?: Hex; value?: Hex }
        return walletClient.sendTransaction({ to: tx.to, data: tx.data, value: tx.value ? BigInt(tx.value) : 0n })
      }
      return rpc(method, args)
    },
    on: () => undefined,
    removeListener: () => undefined,
  }
}
