import { createPublicClient, createTestClient, hashDomain, http, keccak256, pad, toHex, type Hex } from 'viem'
import { PERMIT2_ADDRESS } from '../../domain/permit2/permit2.ts'
import { devChainAt } from './devChainAt.ts'
import { PERMIT2_RUNTIME_HASH, permit2Runtime } from './permit2Runtime.ts'

/**
 * keccak256 of the runtime code Permit2 has at its canonical address on each dev chain: the
 * published code with its two immutables (the chain id and EIP-712 domain separator its
 * constructor caches) as the constructor fills them there.
 */
export const permit2RuntimeHashes: Readonly<Record<number, Hex>> = {
  31337: '0x43e2e04ef05ffe84596d6d140b826f3fe20ed569c89e49d712586eb5a6644348',
  84532: '0xdcde65555316946c298e4c60c6213eb5c3aeab4354d1f3fac5427236bcbb9ebe',
  421614: '0x055d90ff6146107f315c7c306b841138ec59c541a8e4e04df787c38ce400a1e4',
}

/** The published code's immutables, as its constructor filled them where Uniswap built it (chain 31337, another address). */
const PUBLISHED_CHAIN_ID = pad(toHex(31337)).slice(2)
const PUBLISHED_DOMAIN_SEPARATOR = 'd5a17abc3865df5c1400c0299bd4ce2eefc8114aec5f9d3dded1745783e57b98'

/** The runtime code Permit2's constructor leaves at the canonical address on `chainId`. */
export function permit2RuntimeOn(chainId: number): Hex {
  const separator = hashDomain({
    domain: { name: 'Permit2', chainId: BigInt(chainId), verifyingContract: PERMIT2_ADDRESS },
    types: {
      EIP712Domain: [
        { name: 'name', type: 'string' },
        { name: 'chainId', type: 'uint256' },
        { name: 'verifyingContract', type: 'address' },
      ],
    },
  })
  const once = (code: string, word: string, by: string) => {
    if (code.split(word).length !== 2) throw new Error("Permit2's published immutables are not where they were.")
    return code.replace(word, by)
  }
  const withChain = once(permit2Runtime, PUBLISHED_CHAIN_ID, pad(toHex(chainId)).slice(2))
  return once(withChain, PUBLISHED_DOMAIN_SEPARATOR, separator.slice(2)) as Hex
}

/**
 * Puts Permit2 at its canonical address from its published runtime code: the code is checked by
 * hash, its immutables filled for this chain and the result checked by hash before and after
 * `anvil_setCode`; code already there must be that same code.
 */
export async function setUpPermit2(rpcUrl: string): Promise<void> {
  const chain = await devChainAt(rpcUrl)
  const transport = http(rpcUrl)
  const publicClient = createPublicClient({ chain, transport })
  const expected = permit2RuntimeHashes[chain.id]
  const present = await publicClient.getCode({ address: PERMIT2_ADDRESS })
  if (present && present !== '0x') {
    if (keccak256(present) !== expected) throw new Error(`Permit2 at ${PERMIT2_ADDRESS} is not the published code.`)
    return
  }
  if (keccak256(permit2Runtime) !== PERMIT2_RUNTIME_HASH) throw new Error("Permit2's published runtime code changed.")
  const runtime = permit2RuntimeOn(chain.id)
  if (keccak256(runtime) !== expected) throw new Error(`Permit2's runtime code hash on chain ${chain.id} differs.`)
  await createTestClient({ chain, transport, mode: 'anvil' }).setCode({ address: PERMIT2_ADDRESS, bytecode: runtime })
  if (keccak256((await publicClient.getCode({ address: PERMIT2_ADDRESS }))!) !== expected)
    throw new Error(`Permit2 was not placed at ${PERMIT2_ADDRESS}.`)
}
