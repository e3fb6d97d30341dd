import { isHex, type Address, type Hex, type PublicClient, type TypedDataDefinition } from 'viem'
import { isPaymentReference, isRandomLookingReference } from '../../domain/paymentReference.ts'
import { SignatureMismatchError, badInput } from '../../domain/errors/input.ts'

/** The reference and signature a wallet-signed input carries, in a shape worth checking at all. */
export function assertSignedInput<T extends { reference: string; signature: string }>(
  input: T,
): asserts input is T & { reference: Hex; signature: Hex } {
  if (!isPaymentReference(input.reference) || !isRandomLookingReference(input.reference))
    throw badInput('reference', 'must be 16 random bytes as 0x-prefixed lower-case hex.')
  if (!isHex(input.signature, { strict: true }) || input.signature.length < 132 || input.signature.length > 20_000)
    throw badInput('signature', 'must be a 0x-prefixed hex signature.')
}

/** SIGNATURE_MISMATCH unless `signature` is `payee`'s of `typedData` (an account's or, through the chain, a smart wallet's). */
export async function assertPayeeSigned(
  client: PublicClient,
  payee: Address,
  typedData: TypedDataDefinition,
  signature: Hex,
  what = 'these terms',
) {
  const valid = await client.verifyTypedData({ address: payee, ...typedData, signature }).catch(() => false)
  if (!valid)
    throw new SignatureMismatchError({
      field: 'signature',
      shortMessage: `The signature is not ${payee}'s signature of ${what}. Sign again.`,
    })
}
