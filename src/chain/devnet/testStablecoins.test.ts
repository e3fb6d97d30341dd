import {
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  hashTypedData,
  http,
  parseEventLogs,
  parseSignature,
  parseUnits,
  toHex,
  type Address,
} from 'viem'
import { mnemonicToAccount, sign } from 'viem/accounts'
import { describe, expect, inject, it } from 'vitest'
import { deploySmartAccount } from '../../../testing/smartAccount.ts'
import { transferAuthorizationTypedData } from '../../domain/transferAuthorization.ts'
import { devChain } from '../chains.ts'
import { DEV_DAI_ADDRESS, DEV_USDT_ADDRESS, devTokens } from '../tokens.ts'
import { devAccounts } from './setUpDevChain.ts'
import { testDaiAbi } from './testDaiArtifact.ts'
import { testUsdcAbi } from './testUsdcArtifact.ts'
import { testUsdtAbi } from './testUsdtArtifact.ts'

const rpcUrl = inject('anvilUrl')
const chain = devChain(rpcUrl)
const client = createPublicClient({ chain, transport: http(rpcUrl) })
const account = (index: number) =>
  mnemonicToAccount('test test test test test test test test test test test junk', { addressIndex: index })
const walletOf = (index: number) => createWalletClient({ chain, transport: http(rpcUrl), account: account(index) })
const mined = (hash: `0x${string}`) => client.waitForTransactionReceipt({ hash, pollingInterval: 20 })
const balanceOf = (token: Address, holder: Address) =>
  client.readContract({ address: token, abi: testUsdcAbi, functionName: 'balanceOf', args: [holder] })
const fiatTokens = devTokens.filter((t) => t.methods.includes('erc3009'))

/** An ERC-3009 authorization as a wallet signs it, with the token's domain from the token list. */
function authorization(token: (typeof fiatTokens)[number], from: Address, to: Address, value: bigint) {
  const now = BigInt(Math.floor(Date.now() / 1000))
  return transferAuthorizationTypedData(
    { chainId: chain.id, address: token.address, eip712: token.eip712! },
    {
      from,
      to,
      value,
      validAfter: 0n,
      validBefore: now + 3600n,
      nonce: toHex(crypto.getRandomValues(new Uint8Array(32))),
    },
  )
}

describe('the dev chain’s stablecoins behave as the real ones do', () => {
  it('has each token of the list at its address, with its symbol, decimals and a million for every dev account', async () => {
    for (const token of devTokens) {
      const read = (functionName: 'symbol' | 'decimals' | 'name') =>
        client.readContract({ address: token.address, abi: testUsdcAbi, functionName })
      expect([await read('symbol'), await read('decimals')]).toEqual([token.symbol, token.decimals])
      if (token.eip712) expect(await read('name'), token.symbol).toBe(token.eip712.name)
      expect(await balanceOf(token.address, devAccounts[9]!)).toBeGreaterThanOrEqual(
        parseUnits('1000000', token.decimals),
      )
    }
  })

  it('USDT’s transfer returns nothing, as Tether’s Ethereum contract does, where USDC’s returns true', async () => {
    const transfer = encodeFunctionData({ abi: testUsdtAbi, functionName: 'transfer', args: [devAccounts[1]!, 1n] })
    expect((await client.call({ account: devAccounts[2]!, to: DEV_USDT_ADDRESS, data: transfer })).data).toBeUndefined()
    const usdc = fiatTokens.find((t) => t.symbol === 'USDC')!.address
    expect((await client.call({ account: devAccounts[2]!, to: usdc, data: transfer })).data).toBe(
      toHex(1n, { size: 32 }),
    )
  })

  it('DAI takes its own permit once: the spender may then move the holder’s DAI; the same permit again is refused', async () => {
    const [holder, spender] = [account(5), account(6)]
    const nonce = await client.readContract({
      address: DEV_DAI_ADDRESS,
      abi: testDaiAbi,
      functionName: 'nonces',
      args: [holder.address],
    })
    const signature = await holder.signTypedData({
      domain: { name: 'Dai Stablecoin', version: '1', chainId: chain.id, verifyingContract: DEV_DAI_ADDRESS },
      types: {
        Permit: [
          { name: 'holder', type: 'address' },
          { name: 'spender', type: 'address' },
          { name: 'nonce', type: 'uint256' },
          { name: 'expiry', type: 'uint256' },
          { name: 'allowed', type: 'bool' },
        ],
      },
      primaryType: 'Permit',
      message: { holder: holder.address, spender: spender.address, nonce, expiry: 0n, allowed: true },
    })
    const { r, s, v } = parseSignatureParts(signature)
    const permit = {
      address: DEV_DAI_ADDRESS,
      abi: testDaiAbi,
      functionName: 'permit',
      args: [holder.address, spender.address, nonce, 0n, true, v, r, s],
    } as const
    await mined(await walletOf(6).writeContract(permit))
    const before = await balanceOf(DEV_DAI_ADDRESS, devAccounts[7]!)
    const value = parseUnits('12.5', 18)
    await mined(
      await walletOf(6).writeContract({
        address: DEV_DAI_ADDRESS,
        abi: testDaiAbi,
        functionName: 'transferFrom',
        args: [holder.address, devAccounts[7]!, value],
      }),
    )
    expect((await balanceOf(DEV_DAI_ADDRESS, devAccounts[7]!)) - before).toBe(value)
    await expect(client.simulateContract({ ...permit, account: spender })).rejects.toThrow(/Dai\/invalid-nonce/)
  })

  it.each(fiatTokens.map((t) => [t.symbol, t] as const))(
    '%s moves on a signed ERC-3009 authorization that anyone submits, exactly once',
    async (_, token) => {
      const [payer, payee, relayer] = [account(4), devAccounts[8]!, walletOf(3)]
      const typed = authorization(token, payer.address, payee, 2_500_000n)
      const { r, s, v } = parseSignatureParts(await payer.signTypedData(typed))
      const m = typed.message
      const call = {
        address: token.address,
        abi: testUsdcAbi,
        functionName: 'transferWithAuthorization',
        args: [m.from, m.to, m.value, m.validAfter, m.validBefore, m.nonce, v, r, s],
      } as const
      const before = await balanceOf(token.address, payee)
      const receipt = await mined(await relayer.writeContract(call))
      expect((await balanceOf(token.address, payee)) - before).toBe(2_500_000n)
      expect(
        parseEventLogs({ abi: testUsdcAbi, logs: receipt.logs, eventName: 'AuthorizationUsed' }).map((l) => l.args),
      ).toEqual([{ authorizer: payer.address, nonce: m.nonce }])
      await expect(client.simulateContract({ ...call, account: relayer.account })).rejects.toThrow(
        /authorization is used or canceled/,
      )

      const late = authorization(token, payer.address, payee, 1n)
      late.message.validBefore = 1n
      const lateSignature = parseSignatureParts(await payer.signTypedData(late))
      const l = late.message
      await expect(
        client.simulateContract({
          ...call,
          args: [
            l.from,
            l.to,
            l.value,
            l.validAfter,
            l.validBefore,
            l.nonce,
            lateSignature.v,
            lateSignature.r,
            lateSignature.s,
          ],
          account: relayer.account,
        }),
      ).rejects.toThrow(/authorization is expired/)
      const forged = authorization(token, payer.address, payee, 1n)
      const wrong = parseSignatureParts(await account(5).signTypedData(forged))
      const f = forged.message
      await expect(
        client.simulateContract({
          ...call,
          args: [f.from, f.to, f.value, f.validAfter, f.validBefore, f.nonce, wrong.v, wrong.r, wrong.s],
          account: relayer.account,
        }),
      ).rejects.toThrow(/invalid signature/)
    },
  )

  it('takes a smart account’s ERC-1271 signature in the bytes form, as FiatToken v2.2 does', async () => {
    const usdc = fiatTokens.find((t) => t.symbol === 'USDC')!
    const smart = await deploySmartAccount(rpcUrl, 2)
    const typed = authorization(usdc, smart.address, devAccounts[8]!, 1_000_000n)
    // The account's owner signs the EIP-712 digest itself; the account vouches for it (isValidSignature).
    const signature = await sign({
      hash: hashTypedData(typed),
      privateKey: toHex(account(2).getHdKey().privateKey!),
      to: 'hex',
    })
    const m = typed.message
    const before = await balanceOf(usdc.address, smart.address)
    await mined(
      await walletOf(3).writeContract({
        address: usdc.address,
        abi: testUsdcAbi,
        functionName: 'transferWithAuthorization',
        args: [m.from, m.to, m.value, m.validAfter, m.validBefore, m.nonce, signature],
      }),
    )
    expect(before - (await balanceOf(usdc.address, smart.address))).toBe(1_000_000n)
  })
})

/** r, s and v of a 65-byte signature, as the v/r/s forms of permit and ERC-3009 take them. */
function parseSignatureParts(signature: `0x${string}`) {
  const { r, s, v } = parseSignature(signature)
  return { r, s, v: Number(v) }
}
