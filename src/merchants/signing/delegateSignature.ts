import type { Hex, TypedDataDefinition } from 'viem'
import type { ApiKeyRow } from '../apiKeys.ts'
import type { SecretBox } from '../../secrets/secretBox.ts'
import type { DelegateSigner } from './signingPool.ts'

/** Signs typed data as a key's delegate. */
export type DelegateSignature = (key: ApiKeyRow, typedData: TypedDataDefinition) => Promise<Hex>

/** Each key's delegate unsealed once per process, its signatures made by `sign` (the signing pool's threads). */
export function createDelegateSignature(box: SecretBox, sign: DelegateSigner): DelegateSignature {
  const privateKeys = new Map<string, Hex>()
  return (key, typedData) => {
    let privateKey = privateKeys.get(key.id)
    if (!privateKey) privateKeys.set(key.id, (privateKey = box.open(key.delegateKeySealed) as Hex))
    return sign(key.id, privateKey, typedData)
  }
}
