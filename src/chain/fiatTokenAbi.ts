import { parseAbi } from 'viem'

/**
 * What a relayer calls on an ERC-3009 token (Circle's FiatToken v2.2): the v/r/s form every version
 * has, the `bytes signature` form v2.2 added for contract signers (ERC-1271), and the reads that
 * say whether an authorization can still be used.
 */
export const fiatTokenAbi = parseAbi([
  'function transferWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, uint8 v, bytes32 r, bytes32 s)',
  'function transferWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, bytes signature)',
  'function authorizationState(address authorizer, bytes32 nonce) view returns (bool)',
  'function balanceOf(address account) view returns (uint256)',
])
