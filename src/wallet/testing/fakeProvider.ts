type Handler = (params: unknown) => unknown

/** A scriptable EIP-1193 wallet for unit tests of the core: each method answers what the test says. */
export class FakeProvider {
  private listeners = new Map<string, Set<(...args: unknown[]) => void>>()
  readonly calls: { method: string; params: unknown }[] = []
  handlers: Record<string, Handler>

  constructor(handlers: Record<string, Handler> = {}) {
    this.handlers = handlers
  }

  async request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
    this.calls.push({ method, params })
    const handler = this.handlers[method]
    // As real wallets do for a method they do not know.
    if (!handler)
      throw Object.assign(new Error(`The method ${method} does not exist / is not available.`), { code: -32601 })
    return handler(params)
  }

  on(event: string, listener: (...args: unknown[]) => void) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set())
    this.listeners.get(event)!.add(listener)
    return this
  }

  removeListener(event: string, listener: (...args: unknown[]) => void) {
    this.listeners.get(event)?.delete(listener)
    return this
  }

  emit(event: string, ...args: unknown[]) {
    for (const listener of this.listeners.get(event) ?? []) listener(...args)
  }
}

export function rpcError(code: number, message = `error ${code}`): Error & { code: number } {
  return Object.assign(new Error(message), { code })
}

export const ALICE = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
export const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** A wallet that is on `chainId`, with one account, that answers like a well-behaved extension. */
export function walletOn(chainId: number, account: string = ALICE): FakeProvider {
  const provider: FakeProvider = new FakeProvider({
    eth_requestAccounts: () => [account],
    eth_accounts: () => [account],
    eth_chainId: () => `0x${chainId.toString(16)}`,
    wallet_requestPermissions: () => [
      { parentCapability: 'eth_accounts', caveats: [{ type: 'restrictReturnedAccounts', value: [account] }] },
    ],
    wallet_revokePermissions: () => null,
    wallet_switchEthereumChain: (params) => {
      chainId = Number.parseInt((params as [{ chainId: string }])[0].chainId, 16)
      provider.emit('chainChanged', `0x${chainId.toString(16)}`)
      return null
    },
  })
  return provider
}

export function announce(
  target: EventTarget,
  provider: unknown,
  info: Partial<{ uuid: string; name: string; icon: string; rdns: string }> = {},
) {
  const detail = Object.freeze({
    info: Object.freeze({
      uuid: 'uuid-1',
      name: 'Test Wallet',
      icon: 'data:image/svg+xml,<svg/>',
      rdns: 'com.example.wallet',
      ...info,
    }),
    provider,
  })
  target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
}
