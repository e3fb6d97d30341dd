import {
  createWalletClient,
  custom,
  defineChain,
  encodeFunctionData,
  parseAbi,
  parseUnits,
  type Hex,
  type TypedDataDefinition,
} from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { BRIDGE_REPLY, BRIDGE_REQUEST, TOKENS_NO_ETH, type BridgeReply, type BridgeRequest } from './bridgeMessages.ts'
import { createWalletCalls, CallsError, CallsErrorCode } from './walletCalls.ts'
import { chainsWithFramework, frameworkContracts } from '../../src/domain/periodicPermission/framework.ts'
import { upgradeToDeleGator } from '../../src/domain/periodicPermission/smartAccount.ts'
import { keepOptions, OPTIONS_KEY, parseOptions, type DevWalletOptions } from './devWalletOptions.ts'
import { executionPermissionMethods, PermissionRequestError } from './executionPermissions.ts'
import { devTokens } from '../../src/chain/tokens.ts'

// Anvil's well-known development mnemonic: these keys hold test funds only, everyone knows them.
const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk'
const AUTHORIZED_KEY = 'billfold.devwallet.authorized'
const CHAIN_KEY = 'billfold.devwallet.chainId'
const FRESH_KEY = 'billfold.devwallet.nextFresh'
// Anvil funds the mnemonic's first ten accounts with ETH; from here on an account holds none.
const FIRST_FRESH = 100
// The quick start's dev chains: its own, and the two with Base Sepolia's and Arbitrum Sepolia's ids.
const DEV_CHAIN_IDS = [31337, 84532, 421614]
const TOKENS_GIVEN = '1000'

const info = Object.freeze({
  uuid: crypto.randomUUID(),
  name: 'Billfold Dev Wallet',
  rdns: 'app.billfold.devwallet',
  icon:
    'data:image/svg+xml,' +
    encodeURIComponent(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#0f766e"/><path d="M8 11h16v11H8z" fill="none" stroke="#fff" stroke-width="2.5"/><circle cx="20" cy="16.5" r="1.8" fill="#fff"/></svg>',
    ),
})

const fromAddress = new URLSearchParams(location.search).get('devwallet')
if (fromAddress)
  safeStorage(() => localStorage.setItem(OPTIONS_KEY, keepOptions(localStorage.getItem(OPTIONS_KEY), fromAddress)))
const initial = parseOptions(
  new URLSearchParams(location.search).get('devwallet'),
  safeStorage(() => localStorage.getItem(OPTIONS_KEY)),
)
const current = (): DevWalletOptions =>
  parseOptions(
    new URLSearchParams(location.search).get('devwallet'),
    safeStorage(() => localStorage.getItem(OPTIONS_KEY)),
  )

let accountIndex = initial.account
let chainId = Number(safeStorage(() => localStorage.getItem(CHAIN_KEY)) ?? initial.chainId)
// The dev chains through the app's own relay unless told otherwise: it follows the app's port and Anvil's.
const chains: Record<string, string> = {
  ...Object.fromEntries(DEV_CHAIN_IDS.map((id) => [String(id), new URL(`/rpc/${id}`, location.origin).href])),
  ...initial.chains,
}
const accountCache = new Map<number, ReturnType<typeof mnemonicToAccount>>()
const listeners = new Map<string, Set<(...args: unknown[]) => void>>()

function account(index = accountIndex) {
  let cached = accountCache.get(index)
  if (!cached) {
    cached = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: index })
    accountCache.set(index, cached)
  }
  return cached
}

function safeStorage<T>(read: () => T): T | undefined {
  try {
    return read()
  } catch {
    return undefined
  }
}

const isAuthorized = () => safeStorage(() => localStorage.getItem(AUTHORIZED_KEY)) === '1'
const hexChainId = () => `0x${chainId.toString(16)}`

function emit(event: string, ...args: unknown[]) {
  for (const listener of listeners.get(event) ?? []) {
    try {
      listener(...args)
    } catch (error) {
      console.error(error)
    }
  }
}

class ProviderRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

function rpcUrl(): string {
  const url = chains[String(chainId)]
  if (!url) throw new ProviderRpcError(4901, `The dev wallet has no RPC for chain ${chainId}.`)
  return url
}

const pending = new Map<number, (reply: BridgeReply) => void>()
let nextBridgeId = 0
window.addEventListener('message', (event: MessageEvent<BridgeReply>) => {
  if (event.source !== window || event.data?.type !== BRIDGE_REPLY) return
  pending.get(event.data.id)?.(event.data)
  pending.delete(event.data.id)
})

/** A call to the chain, made by the extension's side (see rpcBridge.ts), never by the page. */
async function forward(method: string, params: unknown): Promise<unknown> {
  const id = nextBridgeId++
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: params ?? [] })
  const reply = await new Promise<BridgeReply>((resolve) => {
    pending.set(id, resolve)
    window.postMessage({ type: BRIDGE_REQUEST, id, url: rpcUrl(), body } satisfies BridgeRequest, location.origin)
  })
  if (reply.error !== undefined) throw new ProviderRpcError(-32603, reply.error)
  const answer = JSON.parse(reply.text!) as { result?: unknown; error?: { code: number; message: string } }
  if (answer.error) throw new ProviderRpcError(answer.error.code, answer.error.message)
  return answer.result
}

function walletClient(from = account()) {
  const chain = defineChain({
    id: chainId,
    name: `chain ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl()] } },
  })
  return createWalletClient({
    account: from,
    chain,
    transport: custom({ request: ({ method, params }) => forward(method, params) }),
  })
}

function authorize(): string[] {
  localStorage.setItem(AUTHORIZED_KEY, '1')
  const accounts = [account().address]
  emit('accountsChanged', accounts)
  return accounts
}

function switchTo(next: number) {
  if (!chains[String(next)])
    throw new ProviderRpcError(
      4902,
      `Unrecognized chain ID ${next}. Try adding the chain using wallet_addEthereumChain first.`,
    )
  if (next === chainId) return
  chainId = next
  localStorage.setItem(CHAIN_KEY, String(next))
  emit('chainChanged', hexChainId())
}

// EIP-5792 batches: declined as eth_sendTransaction is (the `reject` option), sent by the same key.
const walletCalls = createWalletCalls({
  address: () => account().address,
  chainId: () => chainId,
  send: ({ to, data, value, nonce }) => walletClient().sendTransaction({ to, data, value, nonce }),
  rpc: (method, params) => forward(method, params),
  // MetaMask's EIP-7702 account, where the Delegation Framework is deployed (the dev chain sets it up).
  implementation: (id) =>
    DEV_CHAIN_IDS.includes(id) || chainsWithFramework.includes(id)
      ? frameworkContracts.EIP7702StatelessDeleGatorImpl
      : undefined,
  upgrade: async () => {
    if (current().reject.includes('eip7702-upgrade'))
      throw new CallsError(CallsErrorCode.upgradeRejected, 'User rejected the account upgrade.')
    await upgradeToDeleGator(walletClient())
  },
  maxCalls: () => current().maxCalls,
})

type TransactionParams = { from?: string; to?: Hex; value?: Hex; data?: Hex; gas?: Hex }

async function handle(method: string, params: unknown): Promise<unknown> {
  const args = (Array.isArray(params) ? params : []) as unknown[]
  switch (method) {
    case 'eth_chainId':
      return hexChainId()
    case 'net_version':
      return String(chainId)
    case 'eth_accounts':
      return isAuthorized() ? [account().address] : []
    case 'eth_requestAccounts':
      return authorize()
    case 'wallet_requestPermissions':
      authorize()
      return [
        {
          parentCapability: 'eth_accounts',
          caveats: [{ type: 'restrictReturnedAccounts', value: [account().address] }],
        },
      ]
    case 'wallet_getPermissions':
      return isAuthorized() ? [{ parentCapability: 'eth_accounts' }] : []
    case 'wallet_revokePermissions':
      localStorage.removeItem(AUTHORIZED_KEY)
      emit('accountsChanged', [])
      return null
    case 'wallet_switchEthereumChain':
      switchTo(Number.parseInt((args[0] as { chainId: string }).chainId, 16))
      return null
    case 'wallet_addEthereumChain': {
      const chain = args[0] as { chainId: string; rpcUrls?: string[] }
      const id = Number.parseInt(chain.chainId, 16)
      const url = chain.rpcUrls?.[0]
      if (!url) throw new ProviderRpcError(-32602, 'wallet_addEthereumChain needs rpcUrls.')
      chains[String(id)] = url
      switchTo(id)
      return null
    }
    case 'personal_sign':
      requireAuthorized()
      return account().signMessage({ message: { raw: args[0] as Hex } })
    case 'eth_signTypedData_v4': {
      requireAuthorized()
      const typed = typeof args[1] === 'string' ? JSON.parse(args[1]) : args[1]
      return account().signTypedData(typed as TypedDataDefinition)
    }
    case 'eth_sendTransaction': {
      requireAuthorized()
      const tx = args[0] as TransactionParams
      return walletClient().sendTransaction({
        to: tx.to,
        value: tx.value ? BigInt(tx.value) : undefined,
        data: tx.data,
        gas: tx.gas ? BigInt(tx.gas) : undefined,
      })
    }
    case 'wallet_getSupportedExecutionPermissions':
    case 'wallet_requestExecutionPermissions':
    case 'wallet_revokeExecutionPermission':
      if (!current().executionPermissions)
        throw new ProviderRpcError(4200, 'The dev wallet is set to have no ERC-7715 permissions.')
      if (method !== 'wallet_getSupportedExecutionPermissions') requireAuthorized()
      try {
        return await executionPermissionMethods(walletClient())[method](params)
      } catch (error) {
        if (error instanceof PermissionRequestError) throw new ProviderRpcError(error.code, error.message)
        throw error
      }
    default:
      if (walletCalls.handles(method)) {
        requireAuthorized()
        try {
          return await walletCalls.request(method, args)
        } catch (error) {
          if (error instanceof CallsError) throw new ProviderRpcError(error.code, error.message)
          throw error
        }
      }
      return forward(method, params)
  }
}

function requireAuthorized() {
  if (!isAuthorized()) throw new ProviderRpcError(4100, 'The dev wallet has not authorised this site.')
}

const provider: Record<string, unknown> = {
  isBillfoldDevWallet: true,
  async request({ method, params }: { method: string; params?: unknown }) {
    if (current().reject.includes(method)) throw new ProviderRpcError(4001, 'User rejected the request.')
    try {
      return await handle(method, params)
    } catch (error) {
      if (error instanceof ProviderRpcError) throw error
      throw new ProviderRpcError(-32603, error instanceof Error ? error.message : String(error))
    }
  },
  on(event: string, listener: (...args: unknown[]) => void) {
    if (!listeners.has(event)) listeners.set(event, new Set())
    listeners.get(event)!.add(listener)
    return provider
  },
  removeListener(event: string, listener: (...args: unknown[]) => void) {
    listeners.get(event)?.delete(listener)
    return provider
  },
}
for (const method of initial.missing) delete provider[method]
Object.freeze(provider)

function announce() {
  ;(window as { __devWalletAnnouncedAt?: number }).__devWalletAnnouncedAt = performance.now()
  window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }))
}

let installed = false
/** Makes the wallet answer discovery requests, without announcing itself unasked. */
function install() {
  if (installed) return
  installed = true
  window.addEventListener('eip6963:requestProvider', announce)
  if (initial.legacy) (window as { ethereum?: unknown }).ethereum = provider
}

function appear() {
  if (installed) return
  install()
  if (initial.legacy) window.dispatchEvent(new Event('ethereum#initialized'))
  announce()
}

// Test hooks, as DOM events so a test drives the wallet the way a person would click in it.
window.addEventListener('devwallet:appear', appear)
// Like an extension installed while the page was open: there, but silent until the page asks.
window.addEventListener('devwallet:install', install)
window.addEventListener('devwallet:account', (event) => {
  accountIndex = Number((event as CustomEvent<number>).detail)
  // Kept like the address's settings: the next visit opens on the same account.
  safeStorage(() =>
    localStorage.setItem(
      OPTIONS_KEY,
      keepOptions(localStorage.getItem(OPTIONS_KEY), JSON.stringify({ account: accountIndex })),
    ),
  )
  if (isAuthorized()) emit('accountsChanged', [account().address])
})
window.addEventListener('devwallet:lock', () => emit('accountsChanged', []))
window.addEventListener(TOKENS_NO_ETH, () => void tokensNoEth().catch((error: unknown) => console.error(error)))

/**
 * A payer for *Pay without gas*, on the dev chains only: a fresh account of the mnemonic (past the ten
 * Anvil funds, so it has no ETH), given 1,000 of each test token by dev account 0 (the test tokens
 * mint to anyone, as the dev chain's setup does), then connected in place of the current one.
 */
async function tokensNoEth() {
  if (!DEV_CHAIN_IDS.includes(chainId))
    throw new ProviderRpcError(4901, 'Tokens without ETH are for the dev chains only.')
  const index = Number(safeStorage(() => localStorage.getItem(FRESH_KEY)) ?? FIRST_FRESH)
  safeStorage(() => localStorage.setItem(FRESH_KEY, String(index + 1)))
  const to = account(index).address
  const funder = walletClient(account(0))
  const mint = parseAbi(['function mint(address to, uint256 value)'])
  for (const token of devTokens) {
    const hash = await funder.sendTransaction({
      to: token.address,
      data: encodeFunctionData({
        abi: mint,
        functionName: 'mint',
        args: [to, parseUnits(TOKENS_GIVEN, token.decimals)],
      }),
    })
    // Anvil mines at once; the receipt is awaited so the page reads the balances the account now has.
    while (!(await forward('eth_getTransactionReceipt', [hash]))) await new Promise((r) => setTimeout(r, 100))
  }
  window.dispatchEvent(new CustomEvent('devwallet:account', { detail: index }))
}

if (initial.appear === 'now') appear()
else if (typeof initial.appear === 'number') setTimeout(appear, initial.appear)
