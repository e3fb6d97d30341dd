import * as abis from '@metamask/delegation-abis'
import * as published from '@metamask/delegation-abis/bytecode'
import {
  createPublicClient,
  createTestClient,
  encodeDeployData,
  http,
  keccak256,
  zeroAddress,
  type Address,
  type Hex,
} from 'viem'
import { frameworkContracts, type FrameworkContract } from '../../domain/periodicPermission/framework.ts'
import { devChain } from '../chains.ts'

/** ERC-4337's EntryPoint v0.7, which the stateless DeleGator is built with (unused by a delegation's redemption). */
const ENTRY_POINT_V07: Address = '0x0000000071727De22E5E9d8BAf0edAc6f37da032'

const artifactOf: Record<FrameworkContract, keyof typeof published & keyof typeof abis> = {
  DelegationManager: 'DelegationManager',
  EIP7702StatelessDeleGatorImpl: 'EIP7702StatelessDeleGator',
  ERC20PeriodTransferEnforcer: 'ERC20PeriodTransferEnforcer',
  NativeTokenPeriodTransferEnforcer: 'NativeTokenPeriodTransferEnforcer',
  ValueLteEnforcer: 'ValueLteEnforcer',
  ExactCalldataEnforcer: 'ExactCalldataEnforcer',
  TimestampEnforcer: 'TimestampEnforcer',
  RedeemerEnforcer: 'RedeemerEnforcer',
  AllowedCalldataEnforcer: 'AllowedCalldataEnforcer',
  AllowedTargetsEnforcer: 'AllowedTargetsEnforcer',
}

/**
 * keccak256 of each contract's published creation code (@metamask/delegation-abis 2.0.0, the
 * Delegation Framework 1.3.0) and of the runtime code it leaves on the dev chain: a package
 * update that changes either stops the dev chain's setup instead of running other code.
 */
export const frameworkCodeHashes: Record<FrameworkContract, { creation: Hex; runtime: Hex }> = {
  DelegationManager: {
    creation: '0x16c6f93163626c1293bfe2341b3501ca059db8cd184abeae10bad6f26e992653',
    runtime: '0xbc029e67690dcdcf3af756aefea4d5c874048afffb2703638cca7ee994104bea',
  },
  EIP7702StatelessDeleGatorImpl: {
    creation: '0x7af2e1a25716422aadfc9dd563a5134290a122488491e3d265066703d801391d',
    runtime: '0xa5ea64bc5a65199dc0c0678224432d3b1de12e8ce73092964e2de861575fef8a',
  },
  ERC20PeriodTransferEnforcer: {
    creation: '0x31255a95baf79864773e06b7fab02d7f86e15720ab15d2b0c6b808a4de53b760',
    runtime: '0xcd8db0c257676feea6d4032ba1385625a0e41fe71b908f6bdb80c8fe22a82019',
  },
  NativeTokenPeriodTransferEnforcer: {
    creation: '0x09107e0791be2fe69c840de6148b1bf80860f1bff560b13c568bba529af62a77',
    runtime: '0xdfeaf263354ddd5ff399fa09dce43d49213e3ab3710d4af2830338b28860203f',
  },
  ValueLteEnforcer: {
    creation: '0x9d542e67659a86201de903f52adf3db803ca47bc6a15715ef27eb72c386e4c43',
    runtime: '0x28d0d4f406cc5b7b2f1b848e8c0833261f925832225b714052cad12c03ff1d52',
  },
  ExactCalldataEnforcer: {
    creation: '0x57770e05d904cd4207bbd636b8b41480f8c066cd7362ce6cc218f6d8e6c73a9f',
    runtime: '0x2381fcd0a8f380defaafa9b6a5a6c0aae920d04d2f540e565654f5d62c845fbb',
  },
  TimestampEnforcer: {
    creation: '0x574b9de67818caf7103c54d4020381bedf2fb490ef66fdf465f8cafd73d8363b',
    runtime: '0x21e584feccaac06d3b3efb9b70a6d69ea1202e8cc58e2f9bdd9c04a84c292b1a',
  },
  RedeemerEnforcer: {
    creation: '0xbc4d0d01bac5457181585b52dea16c2b17d5701adf52625de734123ba64f67c2',
    runtime: '0x1101c320073961d337c545cb685ca647b45e4f90bd2dc55a70883db9205d293b',
  },
  AllowedCalldataEnforcer: {
    creation: '0x38dbfba3662883b326a2feed3cead4fe93a490e6f25492bbc991ec5ec8bc1b79',
    runtime: '0x5c50649f66276cb2625c1544be4355a3a61c72f7db413788df4124da25607128',
  },
  AllowedTargetsEnforcer: {
    creation: '0xfc2787b7250255c6d274a502e1d8b36ecc7d6743351096366eba1a34372f1804',
    runtime: '0xc6e49fa6f963d047b53a6ae22b37838cf74681f15dfa4e085e8716fa8d3157bd',
  },
}

const constructorArgs: Partial<Record<FrameworkContract, readonly unknown[]>> = {
  // Anvil's first account; the owner may only pause the manager, and no storage is written on the dev chain.
  DelegationManager: ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'],
  EIP7702StatelessDeleGatorImpl: [frameworkContracts.DelegationManager, ENTRY_POINT_V07],
}

/**
 * Puts the Delegation Framework's contracts at their canonical addresses: each published creation
 * code is checked by hash, run (its constructor fills the immutables), and the runtime code it
 * returns is checked by hash before and after `anvil_setCode`. The manager's EIP-712 domain is
 * rebuilt from `address(this)` and the chain id when they differ from the constructor's, so the
 * canonical address signs and verifies as it does on every public chain.
 */
export async function setUpDelegationFramework(rpcUrl: string): Promise<void> {
  const chain = devChain(rpcUrl)
  const transport = http(rpcUrl)
  const publicClient = createPublicClient({ chain, transport })
  const testClient = createTestClient({ chain, transport, mode: 'anvil' })
  for (const [name, address] of Object.entries(frameworkContracts) as [FrameworkContract, Address][]) {
    const expected = frameworkCodeHashes[name]
    const present = await publicClient.getCode({ address })
    if (present && present !== '0x') {
      if (keccak256(present) !== expected.runtime) throw new Error(`${name} at ${address} is not the published code.`)
      continue
    }
    const artifact = artifactOf[name]
    const creation = published[artifact] as Hex
    if (keccak256(creation) !== expected.creation) throw new Error(`${name}'s published creation code changed.`)
    // From the zero address (nonce 0 for ever): the immutables, and so the runtime code's hash, never vary.
    const { data: runtime } = await publicClient.call({
      account: zeroAddress,
      data: encodeDeployData({
        abi: abis[artifact] as readonly unknown[],
        bytecode: creation,
        args: constructorArgs[name] ?? [],
      } as Parameters<typeof encodeDeployData>[0]),
    })
    if (!runtime || keccak256(runtime) !== expected.runtime) throw new Error(`${name}'s runtime code hash differs.`)
    await testClient.setCode({ address, bytecode: runtime })
    if (keccak256((await publicClient.getCode({ address }))!) !== expected.runtime)
      throw new Error(`${name} was not placed at ${address}.`)
  }
}
