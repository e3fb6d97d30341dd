import { describe, expect, it } from 'vitest'
import { ALICE, BOB, FakeProvider, rpcError, walletOn } from './testing/fakeProvider.ts'

import { useWalletConnections } from './testing/walletConnections.ts'

const { setup } = useWalletConnections()

describe('a connected wallet’s chain switches, signatures and transactions', () => {
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
