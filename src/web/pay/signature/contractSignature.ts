import type { Address, Hex, TypedDataDefinition } from 'viem'
import { verifyTypedData } from 'viem/actions'
import type { ChainClient } from '../../publicClients.ts'

/**
 * A smart-contract payee's signature (ERC-1271, or ERC-6492 before the account is deployed),
 * asked of the chain. Fetched only for such payees: an ordinary account's is checked offline.
 */
export function verifyContractSignature(
  client: ChainClient,
  { address, signature, typedData }: { address: Address; signature: Hex; typedData: TypedDataDefinition },
) {
  return verifyTypedData(client, { address, signature, ...typedData } as Parameters<typeof verifyTypedData>[1])
}
