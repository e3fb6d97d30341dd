import { BaseError as ViemBaseError, InvalidAddressError, UserRejectedRequestError } from 'viem'
import { describe, expect, it } from 'vitest'
import { rpcError } from './testing/fakeProvider.ts'
import { toWalletError } from './toWalletError.ts'
import { WalletError } from './walletErrors.ts'

describe('toWalletError', () => {
  it.each([
    [4001, 'WALLET_USER_REJECTED', 'You declined the request in your wallet.'],
    [4100, 'WALLET_UNAUTHORIZED', 'Your wallet has not given this site access to that account.'],
    [4200, 'WALLET_UNSUPPORTED_METHOD', 'Your wallet does not support a method Billfold needs.'],
    [4900, 'WALLET_DISCONNECTED', 'Your wallet is disconnected from the network.'],
    [4901, 'WALLET_CHAIN_DISCONNECTED', 'Your wallet is not connected to this network.'],
    [-32002, 'WALLET_REQUEST_PENDING', 'Your wallet already has a request waiting for you.'],
    [4902, 'WALLET_UNKNOWN_CHAIN', 'Your wallet does not know this network and could not add it.'],
  ])('maps EIP-1193 code %i to %s with its own sentence and a way forward', (code, expected, sentence) => {
    const error = toWalletError(rpcError(code))
    expect(error).toBeInstanceOf(WalletError)
    expect(error.code).toBe(expected)
    expect(error.shortMessage).toBe(sentence)
    expect(error.action).toMatch(/\w+/)
  })

  it('says nothing was signed when a signature is declined, and nothing sent for anything else', () => {
    for (const method of ['personal_sign', 'eth_signTypedData_v4']) {
      const error = toWalletError(rpcError(4001), { method })
      expect([error.shortMessage, error.action]).toEqual([
        'You declined to sign in your wallet.',
        'Nothing was signed. Try again when you are ready.',
      ])
    }
    expect(toWalletError(rpcError(4001), { method: 'eth_sendTransaction' }).action).toBe(
      'Nothing was sent. Try again when you are ready.',
    )
  })

  it('names the method a wallet did not support', () => {
    const error = toWalletError(rpcError(4200), { method: 'eth_signTypedData_v4' })
    expect(error.shortMessage).toBe('Your wallet does not support eth_signTypedData_v4, which Billfold needs.')
  })

  it('finds the wallet code beneath viem and wagmi wrappers', () => {
    const wrapped = new ViemBaseError('Connection failed', { cause: new UserRejectedRequestError(rpcError(4001)) })
    expect(toWalletError(wrapped).code).toBe('WALLET_USER_REJECTED')
    expect(toWalletError(wrapped).cause).toBe(wrapped)
  })

  it('recognises insufficient funds from the node message', () => {
    const error = toWalletError(new Error('insufficient funds for gas * price + value: have 0 want 10'))
    expect(error.code).toBe('WALLET_INSUFFICIENT_FUNDS')
  })

  it('recognises a chain mismatch as the wrong chain', () => {
    const mismatch = Object.assign(new Error('The current chain of the wallet (id: 1) does not match'), {
      name: 'ChainMismatchError',
    })
    expect(toWalletError(mismatch).code).toBe('WALLET_WRONG_CHAIN')
  })

  it('says the wallet answered garbage when an address cannot be read', () => {
    const error = toWalletError(new ViemBaseError('x', { cause: new InvalidAddressError({ address: 'nonsense' }) }), {
      method: 'eth_accounts',
    })
    expect(error.code).toBe('WALLET_INVALID_RESPONSE')
  })

  it('keeps anything else as an unknown wallet error with its message in the details', () => {
    const error = toWalletError(new Error('kaboom'))
    expect(error.code).toBe('WALLET_UNKNOWN_ERROR')
    expect(error.details).toBe('kaboom')
  })

  it('does not loop on a cause cycle', () => {
    const a: Error & { cause?: unknown } = new Error('a')
    const b: Error & { cause?: unknown } = new Error('b', { cause: a })
    a.cause = b
    expect(toWalletError(a).code).toBe('WALLET_UNKNOWN_ERROR')
  })

  it('passes a WalletError through unchanged', () => {
    const original = toWalletError(rpcError(4001))
    expect(toWalletError(original)).toBe(original)
  })
})
