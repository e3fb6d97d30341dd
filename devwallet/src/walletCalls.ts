import { encodeAbiParameters, encodeFunctionData, numberToHex, parseAbi, type Address, type Hash, type Hex } from 'viem'

/** EIP-5792's error codes, as a wallet answers them. */
export const CallsErrorCode = {
  unsupportedCapability: 5700,
  unsupportedChain: 5710,
  duplicateId: 5720,
  unknownBundle: 5730,
  batchTooLarge: 5740,
  upgradeRejected: 5750,
  atomicityUnsupported: 5760,
} as const

export class CallsError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

/** One call of a batch, as the wallet sends it. */
export type WalletCall = { to: Address; data: Hex; value: bigint }

/**
 * What the wallet's batch calls need from the rest of the wallet: its account and chain, a way to
 * send one transaction and to ask the chain, and the account implementation it upgrades to (EIP-7702).
 */
export type CallsWallet = {
  address(): Address
  chainId(): number
  /** Sends one transaction from the account (the wallet's own eth_sendTransaction); its hash. */
  send(tx: { to: Address; data: Hex; value: bigint; nonce: number }): Promise<Hash>
  rpc(method: string, params: unknown[]): Promise<unknown>
  /** The EIP-7702 account implementation with a batch `execute` on a chain, when one is deployed there. */
  implementation(chainId: number): Address | undefined
  /** Delegates the account to the implementation (the wallet's upgrade prompt); throws 5750 when declined. */
  upgrade(chainId: number): Promise<void>
  /** The most calls one batch may hold. */
  maxCalls(): number
}

type Bundle = { chainId: number; atomic: boolean; hashes: Hash[]; offchainFailure: boolean }
export type AtomicStatus = 'ready' | 'supported' | 'unsupported'

// ERC-7579 `execute` in batch mode (call type 0x01, default exec type): what MetaMask's EIP-7702
// account (EIP7702StatelessDeleGator) runs when the account calls itself.
const executeAbi = parseAbi(['function execute(bytes32 mode, bytes executionCalldata) payable'])
const BATCH_MODE: Hex = `0x01${'00'.repeat(31)}`

export function batchExecuteData(calls: readonly WalletCall[]): Hex {
  const executions = encodeAbiParameters(
    [
      {
        type: 'tuple[]',
        components: [
          { name: 'target', type: 'address' },
          { name: 'value', type: 'uint256' },
          { name: 'callData', type: 'bytes' },
        ],
      },
    ],
    [calls.map((c) => ({ target: c.to, value: c.value, callData: c.data }))],
  )
  return encodeFunctionData({ abi: executeAbi, functionName: 'execute', args: [BATCH_MODE, executions] })
}

/** `0xef0100 ‖ address`: the code an EIP-7702 delegation leaves on an account. */
export function delegatesTo(code: unknown, implementation: Address): boolean {
  return typeof code === 'string' && code.toLowerCase() === `0xef0100${implementation.slice(2).toLowerCase()}`
}

/**
 * EIP-5792 (v2) as MetaMask answers it with its EIP-7702 upgrade: a chain where the account
 * implementation is deployed says `atomic: supported` until the account is upgraded and `ready`
 * after; an atomic batch is one transaction from the account to itself through `execute`, preceded
 * by the upgrade when needed; a batch that need not be atomic, on an account not upgraded, is sent
 * as one transaction per call, in order.
 */
export function createWalletCalls(wallet: CallsWallet) {
  const bundles = new Map<string, Bundle>()

  async function atomicStatus(chainId: number): Promise<AtomicStatus> {
    const implementation = wallet.implementation(chainId)
    if (!implementation) return 'unsupported'
    if (chainId !== wallet.chainId()) return 'supported'
    const code = await wallet.rpc('eth_getCode', [wallet.address(), 'latest'])
    return delegatesTo(code, implementation) ? 'ready' : 'supported'
  }

  async function getCapabilities(params: unknown[]) {
    const [, chains] = params as [unknown, unknown]
    const asked = Array.isArray(chains) ? chains.map((c) => Number(c)) : [wallet.chainId()]
    const answer: Record<string, { atomic: { status: AtomicStatus } }> = {}
    for (const chainId of asked) answer[numberToHex(chainId)] = { atomic: { status: await atomicStatus(chainId) } }
    return answer
  }

  async function sendCalls(params: unknown[]) {
    const request = readRequest(params[0])
    if (request.chainId !== wallet.chainId())
      throw new CallsError(
        CallsErrorCode.unsupportedChain,
        `The wallet is on chain ${wallet.chainId()}, not ${request.chainId}.`,
      )
    if (request.id !== undefined && bundles.has(request.id))
      throw new CallsError(CallsErrorCode.duplicateId, `A batch with id ${request.id} was already sent.`)
    if (request.calls.length > wallet.maxCalls())
      throw new CallsError(
        CallsErrorCode.batchTooLarge,
        `A batch holds at most ${wallet.maxCalls()} calls; this one has ${request.calls.length}.`,
      )
    const status = await atomicStatus(request.chainId)
    if (request.atomicRequired && status === 'unsupported')
      throw new CallsError(CallsErrorCode.atomicityUnsupported, 'This wallet cannot run these calls atomically here.')
    const atomic = request.atomicRequired || status === 'ready'
    if (atomic && status === 'supported') await wallet.upgrade(request.chainId)
    const id = request.id ?? crypto.randomUUID().replaceAll('-', '')
    const bundle: Bundle = { chainId: request.chainId, atomic, hashes: [], offchainFailure: false }
    let nonce = Number(await wallet.rpc('eth_getTransactionCount', [wallet.address(), 'pending']))
    if (atomic) {
      const data = batchExecuteData(request.calls)
      const value = request.calls.reduce((sum, c) => sum + c.value, 0n)
      bundle.hashes.push(await wallet.send({ to: wallet.address(), data, value, nonce }))
    } else {
      for (const call of request.calls) {
        try {
          bundle.hashes.push(await wallet.send({ ...call, nonce: nonce++ }))
        } catch (error) {
          // Nothing sent yet: the request fails as eth_sendTransaction would. Later: the batch says so.
          if (bundle.hashes.length === 0) throw error
          bundle.offchainFailure = true
          break
        }
      }
    }
    bundles.set(id, bundle)
    return { id }
  }

  async function getCallsStatus(params: unknown[]) {
    const id = params[0]
    const bundle = typeof id === 'string' ? bundles.get(id) : undefined
    if (!bundle) throw new CallsError(CallsErrorCode.unknownBundle, `No batch with id ${String(id)}.`)
    const receipts = await Promise.all(
      bundle.hashes.map((hash) => wallet.rpc('eth_getTransactionReceipt', [hash]) as Promise<Receipt | null>),
    )
    const mined = receipts.filter((r): r is Receipt => r !== null)
    const succeeded = mined.filter((r) => r.status === '0x1').length
    let status = 100
    if (mined.length === receipts.length) {
      if (bundle.offchainFailure) status = succeeded === 0 ? 500 : 600
      else if (succeeded === mined.length) status = 200
      else status = succeeded === 0 ? 500 : 600
    }
    if (bundle.hashes.length === 0) status = 400
    return {
      version: '2.0.0',
      id,
      chainId: numberToHex(bundle.chainId),
      status,
      atomic: bundle.atomic,
      receipts: mined.map((r) => ({
        logs: r.logs.map((l) => ({ address: l.address, data: l.data, topics: l.topics })),
        status: r.status,
        blockHash: r.blockHash,
        blockNumber: r.blockNumber,
        gasUsed: r.gasUsed,
        transactionHash: r.transactionHash,
      })),
    }
  }

  return {
    handles: (method: string) =>
      method === 'wallet_getCapabilities' || method === 'wallet_sendCalls' || method === 'wallet_getCallsStatus',
    request(method: string, params: unknown[]): Promise<unknown> {
      if (method === 'wallet_getCapabilities') return getCapabilities(params)
      if (method === 'wallet_sendCalls') return sendCalls(params)
      return getCallsStatus(params)
    },
  }
}

type Receipt = {
  status: Hex
  blockHash: Hash
  blockNumber: Hex
  gasUsed: Hex
  transactionHash: Hash
  logs: { address: Address; data: Hex; topics: Hex[] }[]
}

const hexPattern = /^0x[0-9a-fA-F]*$/
const addressPattern = /^0x[0-9a-fA-F]{40}$/

/** A `wallet_sendCalls` request read strictly: a field the wallet does not understand is refused by name. */
function readRequest(raw: unknown): { id?: string; chainId: number; atomicRequired: boolean; calls: WalletCall[] } {
  const invalid = (message: string) => new CallsError(-32602, `wallet_sendCalls: ${message}`)
  if (typeof raw !== 'object' || raw === null) throw invalid('the request must be an object.')
  const r = raw as Record<string, unknown>
  if (r.version !== '2.0.0') throw invalid(`version must be "2.0.0", not ${JSON.stringify(r.version)}.`)
  if (typeof r.chainId !== 'string' || !hexPattern.test(r.chainId)) throw invalid('chainId must be a hex number.')
  if (typeof r.atomicRequired !== 'boolean') throw invalid('atomicRequired must be true or false.')
  if (r.id !== undefined && (typeof r.id !== 'string' || r.id.length === 0 || r.id.length > 4096))
    throw invalid('id must be a string of at most 4096 characters.')
  if (!Array.isArray(r.calls) || r.calls.length === 0) throw invalid('calls must be a list of at least one call.')
  for (const capability of capabilityNames(r.capabilities, r.calls))
    throw new CallsError(
      CallsErrorCode.unsupportedCapability,
      `The wallet does not support the ${capability} capability.`,
    )
  const calls = r.calls.map((call: unknown, index) => {
    const c = (call ?? {}) as Record<string, unknown>
    if (typeof c.to !== 'string' || !addressPattern.test(c.to)) throw invalid(`calls[${index}].to must be an address.`)
    if (c.data !== undefined && (typeof c.data !== 'string' || !hexPattern.test(c.data)))
      throw invalid(`calls[${index}].data must be hex.`)
    if (c.value !== undefined && (typeof c.value !== 'string' || !/^0x[0-9a-fA-F]+$/.test(c.value)))
      throw invalid(`calls[${index}].value must be a hex number.`)
    return { to: c.to as Address, data: (c.data ?? '0x') as Hex, value: c.value ? BigInt(c.value) : 0n }
  })
  return {
    ...(typeof r.id === 'string' ? { id: r.id } : {}),
    chainId: Number(BigInt(r.chainId)),
    atomicRequired: r.atomicRequired,
    calls,
  }
}

/** The capabilities a request requires (not marked optional): the dev wallet supports none beyond atomic. */
function capabilityNames(batch: unknown, calls: unknown[]): string[] {
  const required = (capabilities: unknown) =>
    typeof capabilities === 'object' && capabilities !== null
      ? Object.entries(capabilities)
          .filter(([, v]) => !(typeof v === 'object' && v !== null && (v as { optional?: unknown }).optional === true))
          .map(([name]) => name)
      : []
  return [...required(batch), ...calls.flatMap((c) => required((c as { capabilities?: unknown })?.capabilities))]
}
