import {
  encodeAbiParameters,
  encodePacked,
  getAddress,
  sliceHex,
  hexToBigInt,
  size,
  type Address,
  type Hex,
} from 'viem'
import { badInput } from '../errors/input.ts'
import type { Caveat } from './delegation.ts'
import { frameworkContracts as contracts } from './framework.ts'

/**
 * What a payer allows: at most `periodAmount` of one asset per period of `periodSeconds` from
 * `startTime`, to `payee` only, redeemed by `redeemer` only, until `expiry` (unix seconds).
 */
export type PeriodicPermission = {
  asset: { kind: 'erc20'; token: Address } | { kind: 'native' }
  periodAmount: bigint
  periodSeconds: number
  startTime: number
  expiry: number
  payee: Address
  redeemer: Address
}

const caveat = (enforcer: Address, terms: Hex): Caveat => ({ enforcer, terms, args: '0x' })
const uint = (value: bigint | number) => encodePacked(['uint256'], [BigInt(value)])

/**
 * The caveats MetaMask's ERC-7715 `erc20-token-periodic` / `native-token-periodic` permission
 * carries with its expiry, payee and redeemer rules: each one is checked by its audited enforcer.
 */
export function periodicCaveats(permission: PeriodicPermission): Caveat[] {
  const { periodAmount, periodSeconds, startTime } = permission
  const rules = [
    caveat(contracts.TimestampEnforcer, encodePacked(['uint128', 'uint128'], [0n, BigInt(permission.expiry)])),
    caveat(contracts.RedeemerEnforcer, encodePacked(['address'], [permission.redeemer])),
  ]
  if (permission.asset.kind === 'erc20')
    return [
      caveat(
        contracts.ERC20PeriodTransferEnforcer,
        encodePacked(
          ['address', 'uint256', 'uint256', 'uint256'],
          [permission.asset.token, periodAmount, BigInt(periodSeconds), BigInt(startTime)],
        ),
      ),
      caveat(contracts.ValueLteEnforcer, uint(0)),
      ...rules,
      // `transfer(to, amount)`: the 32 bytes after the selector must be the payee.
      caveat(
        contracts.AllowedCalldataEnforcer,
        encodePacked(['uint256', 'bytes'], [4n, encodeAbiParameters([{ type: 'address' }], [permission.payee])]),
      ),
    ]
  return [
    caveat(
      contracts.NativeTokenPeriodTransferEnforcer,
      encodePacked(['uint256', 'uint256', 'uint256'], [periodAmount, BigInt(periodSeconds), BigInt(startTime)]),
    ),
    caveat(contracts.ExactCalldataEnforcer, '0x'),
    ...rules,
    caveat(contracts.AllowedTargetsEnforcer, encodePacked(['address'], [permission.payee])),
  ]
}

const sameCaveat = (a: Caveat, b: Caveat) =>
  a.enforcer.toLowerCase() === b.enforcer.toLowerCase() && a.terms.toLowerCase() === b.terms.toLowerCase()

/**
 * Reads a delegation's caveats back into the permission they grant. Only the exact set
 * `periodicCaveats` makes is accepted, so nothing the payer signed can be wider than what it says.
 */
export function readPeriodicCaveats(caveats: readonly Caveat[]): PeriodicPermission {
  const terms = (enforcer: Address) => caveats.find((c) => c.enforcer.toLowerCase() === enforcer.toLowerCase())?.terms
  const erc20 = terms(contracts.ERC20PeriodTransferEnforcer)
  const native = terms(contracts.NativeTokenPeriodTransferEnforcer)
  const timestamp = terms(contracts.TimestampEnforcer)
  const redeemers = terms(contracts.RedeemerEnforcer)
  if (!timestamp || size(timestamp) !== 32) throw badInput('permission.expiry', 'is missing')
  if (!redeemers || size(redeemers) !== 20) throw badInput('permission.redeemer', 'must name exactly one redeemer')
  const common = {
    expiry: Number(hexToBigInt(sliceHex(timestamp, 16, 32))),
    redeemer: getAddress(redeemers),
  }
  let permission: PeriodicPermission
  if (erc20 && size(erc20) === 116) {
    const calldata = terms(contracts.AllowedCalldataEnforcer)
    if (!calldata || size(calldata) !== 64) throw badInput('permission.payee', 'is missing')
    permission = {
      ...common,
      asset: { kind: 'erc20', token: getAddress(sliceHex(erc20, 0, 20)) },
      periodAmount: hexToBigInt(sliceHex(erc20, 20, 52)),
      periodSeconds: Number(hexToBigInt(sliceHex(erc20, 52, 84))),
      startTime: Number(hexToBigInt(sliceHex(erc20, 84, 116))),
      payee: getAddress(sliceHex(calldata, 44, 64)),
    }
  } else if (native && size(native) === 96) {
    const targets = terms(contracts.AllowedTargetsEnforcer)
    if (!targets || size(targets) !== 20) throw badInput('permission.payee', 'must name exactly one payee')
    permission = {
      ...common,
      asset: { kind: 'native' },
      periodAmount: hexToBigInt(sliceHex(native, 0, 32)),
      periodSeconds: Number(hexToBigInt(sliceHex(native, 32, 64))),
      startTime: Number(hexToBigInt(sliceHex(native, 64, 96))),
      payee: getAddress(targets),
    }
  } else throw badInput('permission.type', 'must be an erc20-token-periodic or native-token-periodic permission')
  const expected = periodicCaveats(permission)
  if (caveats.length !== expected.length || !expected.every((e) => caveats.some((c) => sameCaveat(c, e))))
    throw badInput('permission.caveats', 'must be exactly those of a periodic permission')
  return permission
}
