import { mainnet } from 'viem/chains'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { devChain } from '../chain/chains.ts'
import { missingProviderMethods } from './capabilityCheck.ts'
import { ALICE, BOB, FakeProvider, rpcError, walletOn } from './testing/fakeProvider.ts'
import type { DetectedWallet } from './types.ts'
import { createWagmiConfig } from './wagmiConfig.ts'
import { createWalletConnection, type ConnectionState, type WalletConnection } from './walletConnection.ts'

let connection: WalletConnection | undefined
// wagmi's injected connector only runs where a `window` exists, as in the browser.
beforeAll(() => vi.stubGlobal('window', globalThis))
afterEach(() => connection?.destroy())

function setup(provider: FakeProvider | object) {
  const config = createWagmiConfig({ chains: [devChain(), mainnet] })
  connection = createWalletConnection({ config })
  const statuses: ConnectionState['status'][] = []
  connection.subscribe((s) => statuses.push(s.status))
  const wallet: DetectedWallet = {
    key: 'uuid-1',
    rdns: 'com.example.wallet',
    name: 'Test Wallet',
    icon: undefined,
    source: 'eip6963',
    provider: provider as DetectedWallet['provider'],
    missingMethods: missingProviderMethods(provider),
  }
  return { connection, wallet, statuses }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 10))

describe('createWalletConnection', () => {
  it('goes connecting → connected with the account and chain', async () => {
    const { connection, wallet, statuses } = setup(walletOn(31337))
    await connection.connect(wallet)
    expect(statuses).toEqual(['connecting', 'connected'])
    expect(connection.getState()).toMatchObject({ status: 'connected', address: ALICE, chainId: 31337 })
  })

  it('is rejected with a readable error when the person declines, and can retry', async () => {
    const provider = walletOn(31337)
    const accept = provider.handlers
    provider.handlers = {
      ...accept,
      wallet_requestPermissions: () => {
        throw rpcError(4001, 'User rejected the request.')
      },
      eth_requestAccounts: () => {
        throw rpcError(4001, 'User rejected the request.')
      },
    }
    const { connection, wallet } = setup(provider)
    await connection.connect(wallet)
    const state = connection.getState()
    expect(state.status).toBe('rejected')
    expect(state.status === 'rejected' && state.error.shortMessage).toBe('You declined the request in your wallet.')
    provider.handlers = accept
    await connection.connect(wallet)
    expect(connection.getState().status).toBe('connected')
  })

  it('is in error when the wallet throws on request', async () => {
    const provider = new FakeProvider({
      wallet_requestPermissions: () => {
        throw new Error('internal wallet failure')
      },
      eth_requestAccounts: () => {
        throw new Error('internal wallet failure')
      },
    })
    const { connection, wallet } = setup(provider)
    await connection.connect(wallet)
    expect(connection.getState()).toMatchObject({ status: 'error', error: { code: 'WALLET_UNKNOWN_ERROR' } })
  })

  it('says a pending request is already open in the wallet (-32002)', async () => {
    const provider = walletOn(31337)
    provider.handlers.wallet_requestPermissions = () => {
      throw rpcError(-32002)
    }
    const { connection, wallet } = setup(provider)
    await connection.connect(wallet)
    expect(connection.getState()).toMatchObject({ status: 'error', error: { code: 'WALLET_REQUEST_PENDING' } })
  })

  it('is in error, not connected, when eth_accounts returns garbage', async () => {
    const provider = walletOn(31337)
    provider.handlers.wallet_requestPermissions = () => [{ caveats: [{ value: ['not-an-address'] }] }]
    provider.handlers.eth_accounts = () => ['not-an-address']
    provider.handlers.eth_requestAccounts = () => ['not-an-address']
    const { connection, wallet } = setup(provider)
    await connection.connect(wallet)
    expect(connection.getState()).toMatchObject({ status: 'error', error: { code: 'WALLET_INVALID_RESPONSE' } })
  })

  it('is in error when eth_chainId returns garbage', async () => {
    const provider = walletOn(31337)
    provider.handlers.eth_chainId = () => 'banana'
    const { connection, wallet } = setup(provider)
    await connection.connect(wallet)
    expect(connection.getState()).toMatchObject({ status: 'error', error: { code: 'WALLET_INVALID_RESPONSE' } })
  })

  it('refuses a wallet that lacks methods, naming them', async () => {
    const { connection, wallet } = setup({ on() {}, removeListener() {} })
    await connection.connect(wallet)
    expect(connection.getState()).toMatchObject({
      status: 'error',
      error: { code: 'WALLET_NOT_CAPABLE', shortMessage: 'This wallet cannot be used: it lacks request.' },
    })
  })

  it('follows an account switch and a chain switch made in the wallet', async () => {
    const provider = walletOn(31337)
    const { connection, wallet } = setup(provider)
    await connection.connect(wallet)
    provider.emit('accountsChanged', [BOB])
    await settle()
    expect(connection.getState()).toMatchObject({ status: 'connected', address: BOB })
    provider.emit('chainChanged', '0x1')
    await settle()
    expect(connection.getState()).toMatchObject({ status: 'connected', chainId: 1 })
  })

  it('becomes disconnected when the wallet locks (no accounts) or disconnects', async () => {
    const provider = walletOn(31337)
    const { connection, wallet } = setup(provider)
    await connection.connect(wallet)
    provider.emit('accountsChanged', [])
    await settle()
    expect(connection.getState().status).toBe('disconnected')

    await connection.connect(wallet)
    provider.handlers.eth_accounts = () => []
    provider.emit('disconnect', rpcError(4900))
    await settle()
    expect(connection.getState().status).toBe('disconnected')
  })

  it('switches chain with wallet_switchEthereumChain', async () => {
    const provider = walletOn(1)
    const { connection, wallet } = setup(provider)
    await connection.connect(wallet)
    await connection.switchChain(31337)
    expect(connection.getState()).toMatchObject({ status: 'connected', chainId: 31337 })
    expect(provider.calls.map((c) => c.method)).toContain('wallet_switchEthereumChain')
  })

  it('adds the chain with wallet_addEthereumChain when the wallet answers 4902', async () => {
    let chainId = 1
    const known = new Set([1])
    const provider: FakeProvider = walletOn(1)
    provider.handlers.eth_chainId = () => `0x${chainId.toString(16)}`
    provider.handlers.wallet_switchEthereumChain = (params) => {
      const wanted = Number.parseInt((params as [{ chainId: string }])[0].chainId, 16)
      if (!known.has(wanted)) throw rpcError(4902, 'Unrecognized chain')
      chainId = wanted
      provider.emit('chainChanged', `0x${wanted.toString(16)}`)
      return null
    }
    provider.handlers.wallet_addEthereumChain = (params) => {
      const added = (params as [{ chainId: string; rpcUrls: string[] }])[0]
      known.add(Number.parseInt(added.chainId, 16))
      chainId = Number.parseInt(added.chainId, 16)
      provider.emit('chainChanged', added.chainId)
      return null
    }
    const { connection, wallet } = setup(provider)
    await connection.connect(wallet)
    await connection.switchChain(31337)
    expect(connection.getState()).toMatchObject({ chainId: 31337 })
    const add = provider.calls.find((c) => c.method === 'wallet_addEthereumChain')
    expect(add?.params).toMatchObject([{ chainId: '0x7a69', rpcUrls: ['http://127.0.0.1:8545'] }])
  })

  it('reports a refused chain switch and stays connected on the old chain', async () => {
    const provider = walletOn(1)
    provider.handlers.wallet_switchEthereumChain = () => {
      throw rpcError(4001)
    }
    const { connection, wallet } = setup(provider)
    await connection.connect(wallet)
    await expect(connection.switchChain(31337)).rejects.toMatchObject({ code: 'WALLET_USER_REJECTED' })
    expect(connection.getState()).toMatchObject({ status: 'connected', chainId: 1 })
  })

  it('disconnects on request', async () => {
    const { connection, wallet } = setup(walletOn(31337))
    await connection.connect(wallet)
    await connection.disconnect()
    expect(connection.getState().status).toBe('disconnected')
  })

  it('signs a message and typed data with the connected account', async () => {
    const provider = walletOn(31337)
    provider.handlers.personal_sign = () => '0xabcdef'
    provider.handlers.eth_signTypedData_v4 = () => '0x123456'
    const { connection, wallet } = setup(provider)
    await connection.connect(wallet)
    expect(await connection.signMessage('hello')).toBe('0xabcdef')
    expect(provider.calls.find((c) => c.method === 'personal_sign')?.params).toEqual(['0x68656c6c6f', ALICE])
    const typed = await connection.signTypedData({
      domain: { name: 'Billfold', chainId: 31337 },
      types: { Ping: [{ name: 'n', type: 'uint256' }] },
      primaryType: 'Ping',
      message: { n: 1n },
    })
    expect(typed).toBe('0x123456')
  })

  it('says which method a wallet does not support when it answers 4200 at use time', async () => {
    const provider = walletOn(31337)
    provider.handlers.eth_signTypedData_v4 = () => {
      throw rpcError(4200, 'Unsupported method')
    }
    const { connection, wallet } = setup(provider)
    await connection.connect(wallet)
    await expect(
      connection.signTypedData({
        domain: { name: 'x' },
        types: { A: [{ name: 'a', type: 'uint8' }] },
        primaryType: 'A',
        message: { a: 1 },
      }),
    ).rejects.toMatchObject({
      code: 'WALLET_UNSUPPORTED_METHOD',
      shortMessage: 'Your wallet does not support eth_signTypedData_v4, which Billfold needs.',
    })
  })

  it('sends a transaction and names a shortfall of funds in plain words', async () => {
    const provider = walletOn(31337)
    provider.handlers.eth_sendTransaction = () => '0x' + 'ab'.repeat(32)
    const { connection, wallet } = setup(provider)
    await connection.connect(wallet)
    const hash = await connection.sendTransaction({ to: BOB, value: 5n, chainId: 31337 })
    expect(hash).toBe('0x' + 'ab'.repeat(32))
    expect(provider.calls.find((c) => c.method === 'eth_sendTransaction')?.params).toMatchObject([
      { from: ALICE, to: BOB, value: '0x5' },
    ])

    provider.handlers.eth_sendTransaction = () => {
      throw rpcError(-32000, 'insufficient funds for gas * price + value')
    }
    await expect(connection.sendTransaction({ to: BOB, value: 5n, chainId: 31337 })).rejects.toMatchObject({
      code: 'WALLET_INSUFFICIENT_FUNDS',
    })
  })

  it('refuses to sign when no wallet is connected', async () => {
    const { connection } = setup(walletOn(31337))
    await expect(connection.signMessage('hello')).rejects.toMatchObject({ code: 'WALLET_DISCONNECTED' })
  })
})
