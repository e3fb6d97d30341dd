import { getAddress, hashTypedData, toHex, type Address } from 'viem'
import { generatePrivateKey, mnemonicToAccount, privateKeyToAccount, sign } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { deploySmartAccount } from '../../testing/smartAccount.ts'
import { transferAuthorizationTypedData, type TransferAuthorization } from '../domain/transferAuthorization.ts'
import { authorizationNonce } from '../domain/transferReference.ts'
import { testUsdcAbi } from '../chain/devnet/testUsdcArtifact.ts'
import { devTokens, type TokenProfile } from '../chain/tokens.ts'
import { chainClients } from './testing/payments.ts'
import { useWatcherHarness } from './testing/watcherHarness.ts'

const { env, payee, catchUp, newRequest, statusOf, paymentsOf } = useWatcherHarness(8582)
const fiatTokens = devTokens.filter((t) => t.methods.includes('erc3009'))
const usdc = fiatTokens.find((t) => t.symbol === 'USDC')!

/** A payer that holds the token and not a wei of the native coin: it can only sign. */
async function payerWithoutGas(token: TokenProfile, amount: bigint) {
  const payer = privateKeyToAccount(generatePrivateKey())
  const { walletOf, publicClient } = chainClients(env.anvil.rpcUrl)
  const hash = await walletOf(0).writeContract({
    address: token.address,
    abi: testUsdcAbi,
    functionName: 'mint',
    args: [payer.address, amount],
  })
  await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 })
  return payer
}

function terms(from: Address, value: bigint, reference: `0x${string}`): TransferAuthorization {
  return {
    from,
    to: payee,
    value,
    validAfter: 0n,
    validBefore: BigInt(Math.floor(Date.now() / 1000) + 3600),
    nonce: authorizationNonce(reference),
  }
}

const typedData = (token: TokenProfile, message: TransferAuthorization) =>
  transferAuthorizationTypedData({ chainId: 31337, address: token.address, eip712: token.eip712! }, message)

/** Submits a signed authorization from dev account `submitter` (the payee's relayer, or anyone); resolves to whether it was mined successfully. */
async function submit(
  submitter: number,
  token: TokenProfile,
  message: TransferAuthorization,
  signature: `0x${string}`,
) {
  const { walletOf, publicClient } = chainClients(env.anvil.rpcUrl)
  const m = message
  const hash = await walletOf(submitter).writeContract({
    address: token.address,
    abi: testUsdcAbi,
    functionName: 'transferWithAuthorization',
    args: [m.from, m.to, m.value, m.validAfter, m.validBefore, m.nonce, signature],
    gas: 200_000n,
  })
  return (await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 })).status === 'success'
}

describe('requests paid by an ERC-3009 authorization, whoever submits it', () => {
  it.each(fiatTokens.map((t) => [t.symbol, t] as const))(
    'a payer holding %s and no native coin signs; another account submits; the request is paid from the payer',
    async (_, token) => {
      const request = await newRequest({ amount: 7_250_000n, asset: token.address })
      const payer = await payerWithoutGas(token, 10_000_000n)
      const message = terms(payer.address, 7_250_000n, request.reference)
      expect(await submit(3, token, message, await payer.signTypedData(typedData(token, message)))).toBe(true)
      await catchUp()
      expect(await statusOf(request.id)).toEqual({ status: 'paid', received: 7_250_000n })
      expect((await paymentsOf(request.id)).map((p) => [getAddress(p.fromAddress), p.matchedBy])).toEqual([
        [payer.address, 'reference'],
      ])
      expect(await chainClients(env.anvil.rpcUrl).publicClient.getBalance({ address: payer.address })).toBe(0n)
    },
  )

  it('pays once when a front-runner submits the authorization first and the relayer then sends it again', async () => {
    const request = await newRequest({ amount: 3_000_000n, asset: usdc.address })
    const payer = await payerWithoutGas(usdc, 3_000_000n)
    const message = terms(payer.address, 3_000_000n, request.reference)
    const signature = await payer.signTypedData(typedData(usdc, message))
    expect(await submit(7, usdc, message, signature)).toBe(true)
    expect(await submit(3, usdc, message, signature)).toBe(false)
    await catchUp()
    expect(await statusOf(request.id)).toEqual({ status: 'paid', received: 3_000_000n })
    expect(await paymentsOf(request.id)).toHaveLength(1)
  })

  it('pays from a smart account that signs with ERC-1271 (the bytes form)', async () => {
    const request = await newRequest({ amount: 1_500_000n, asset: usdc.address })
    const account = await deploySmartAccount(env.anvil.rpcUrl, 4)
    const message = terms(account.address, 1_500_000n, request.reference)
    // The account's owner signs the EIP-712 digest itself; the account vouches for it (isValidSignature).
    const owner = mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex: 4 })
    const ownerKey = toHex(owner.getHdKey().privateKey!)
    const signature = await sign({ hash: hashTypedData(typedData(usdc, message)), privateKey: ownerKey, to: 'hex' })
    expect(await submit(3, usdc, message, signature)).toBe(true)
    await catchUp()
    expect(await statusOf(request.id)).toEqual({ status: 'paid', received: 1_500_000n })
    expect((await paymentsOf(request.id)).map((p) => getAddress(p.fromAddress))).toEqual([getAddress(account.address)])
  })

  it('does not count an authorization whose nonce names a request of another asset or payee', async () => {
    const eurc = fiatTokens.find((t) => t.symbol === 'EURC')!
    const request = await newRequest({ amount: 2_000_001n, asset: eurc.address })
    const payer = await payerWithoutGas(usdc, 2_000_001n)
    // The nonce names the EURC request, but USDC moves.
    const message = terms(payer.address, 2_000_001n, request.reference)
    expect(await submit(3, usdc, message, await payer.signTypedData(typedData(usdc, message)))).toBe(true)
    await catchUp()
    expect(await statusOf(request.id)).toEqual({ status: 'open', received: 0n })
  })
})
