import { describe, expect, it } from 'vitest'
import { ALICE, BOB, FakeProvider, rpcError, walletOn } from './testing/fakeProvider.ts'

import { settle, useWalletConnections } from './testing/walletConnections.ts'

const { setup } = useWalletConnections()

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
})
