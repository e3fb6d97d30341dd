import { recoverTypedDataAddress, zeroAddress } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { newPaymentReference } from './paymentReference.ts'
import {
  checkPaymentRequestDraft,
  NATIVE_ASSET,
  paymentRequestTypedData,
  type Asset,
  type PaymentRequestDraft,
} from './paymentRequest.ts'

const usdc = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const assets: Asset[] = [
  { chainId: 31337, address: NATIVE_ASSET, symbol: 'ETH', decimals: 18 },
  { chainId: 31337, address: usdc, symbol: 'USDC', decimals: 6 },
]
const now = new Date('2026-11-22T12:00:00Z')
const draft = (overrides: Partial<PaymentRequestDraft> = {}): PaymentRequestDraft => ({
  chainId: '31337',
  asset: usdc,
  amount: '12.5',
  payer: '',
  memo: 'Invoice 42',
  dueAt: '2026-12-01T12:00:00Z',
  ...overrides,
})
const errorsOf = (d: PaymentRequestDraft) => {
  const result = checkPaymentRequestDraft(d, { assets, now })
  return result.ok ? {} : result.errors
}

describe('checkPaymentRequestDraft', () => {
  it('accepts a good draft and gives exact terms', () => {
    expect(checkPaymentRequestDraft(draft(), { assets, now })).toEqual({
      ok: true,
      terms: {
        chainId: 31337,
        asset: usdc,
        amount: 12_500_000n,
        payer: null,
        memo: 'Invoice 42',
        dueAt: new Date('2026-12-01T12:00:00Z'),
      },
    })
  })

  it('names every wrong field with its own sentence at once', () => {
    expect(
      errorsOf(draft({ amount: '0.0000001', payer: '0x123', memo: 'x'.repeat(281), dueAt: '2026-11-01T00:00:00Z' })),
    ).toEqual({
      amount: 'Amount can have at most 6 decimal places for this asset.',
      payer:
        'Payer must be an Ethereum address: 0x followed by 40 hex characters (0–9, a–f). Or leave it empty to accept any payer.',
      memo: 'Memo can be at most 280 characters; it has 281.',
      dueAt: 'Due date must be in the future.',
    })
  })

  it('refuses an unknown chain or asset', () => {
    expect(errorsOf(draft({ chainId: '1' }))).toMatchObject({ chainId: 'Chain is not one this Billfold accepts.' })
    expect(errorsOf(draft({ asset: '0x0000000000000000000000000000000000000001' }))).toMatchObject({
      asset: 'Asset is not available on this chain.',
    })
  })

  it('counts memo characters, not bytes, and keeps HTML as plain text', () => {
    expect(errorsOf(draft({ memo: '€'.repeat(280) }))).toEqual({})
    const result = checkPaymentRequestDraft(draft({ memo: '<script>alert(1)</script>' }), { assets, now })
    expect(result.ok && result.terms.memo).toBe('<script>alert(1)</script>')
  })

  it('refuses memo text that could read differently from what it is, naming the character', () => {
    expect(errorsOf(draft({ memo: 'Invoice 42\u202Efdp.exe' })).memo).toBe(
      'Memo cannot contain an invisible or direction-changing character (U+202E at character 11): it could make the text read differently from what it is.',
    )
    expect(errorsOf(draft({ memo: 'Rent\n✓ Signature verified' })).memo).toContain(
      'a line break (U+000A at character 5)',
    )
    for (const hidden of ['\u0000', '\u200B', '\u2066', '\uFEFF', '\u0085', '\u2028', '\t'])
      expect(errorsOf(draft({ memo: `a${hidden}b` })).memo, JSON.stringify(hidden)).toMatch(/^Memo cannot contain/)
    // Letters of every script and ordinary emoji are fine.
    expect(errorsOf(draft({ memo: 'Café — 東京 — שלום — مرحبا — 🎉' }))).toEqual({})
  })

  it('takes a payer with spaces around it, and names spaces inside or capitals that break the checksum', () => {
    const payer = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'
    const result = checkPaymentRequestDraft(draft({ payer: `  ${payer}\n` }), { assets, now })
    expect(result.ok && result.terms.payer).toBe(payer)
    expect(checkPaymentRequestDraft(draft({ payer: payer.toLowerCase() }), { assets, now }).ok).toBe(true)
    expect(errorsOf(draft({ payer: '0x90F79bf6 EB2c4f870365E785982E1f101E93b906' })).payer).toContain(
      'has spaces in it',
    )
    expect(errorsOf(draft({ payer: '0x90f79bf6EB2c4f870365E785982E1f101E93b906' })).payer).toContain(
      'do not match its checksum',
    )
  })

  it('refuses a payer nobody can pay from, or the payee themself', () => {
    expect(errorsOf(draft({ payer: '0x0000000000000000000000000000000000000000' })).payer).toContain(
      'cannot be the zero address',
    )
    const payee = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    const result = checkPaymentRequestDraft(draft({ payer: payee.toLowerCase() }), { assets, now, payee })
    expect(!result.ok && result.errors.payer).toBe('Payer cannot be you: paying yourself moves nothing.')
  })

  it('asks for 18 decimals on the native coin', () => {
    const result = checkPaymentRequestDraft(draft({ asset: NATIVE_ASSET, amount: '0.000000000000000001' }), {
      assets,
      now,
    })
    expect(result.ok && result.terms.amount).toBe(1n)
  })
})

describe('EIP-712 typed data of a request', () => {
  it('round-trips: the signer is recovered from the signed terms, and any change breaks it', async () => {
    const payee = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
    const terms = {
      chainId: 31337,
      asset: usdc,
      amount: 12_500_000n,
      payee: payee.address,
      payer: null,
      memo: 'Invoice 42',
      dueAt: new Date('2026-12-01T12:00:00Z'),
      reference: newPaymentReference(),
    } as const
    const typedData = paymentRequestTypedData(terms)
    expect(typedData.message.payer).toBe(zeroAddress)
    const signature = await payee.signTypedData(typedData)
    expect(await recoverTypedDataAddress({ ...typedData, signature })).toBe(payee.address)
    const tampered = paymentRequestTypedData({ ...terms, amount: 12_500_001n })
    expect(await recoverTypedDataAddress({ ...tampered, signature })).not.toBe(payee.address)
  })
})
