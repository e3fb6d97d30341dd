import { getAddress, isHex, type Address, type Hex, type PublicClient, type TypedDataDefinition } from 'viem'
import type { Db } from '../../db/createDatabase.ts'
import { isPaymentReference, isRandomLookingReference } from '../../domain/paymentReference.ts'
import { checkPaymentRequestDraft, type Asset } from '../../domain/paymentRequest.ts'
import { checkAcceptedChains, requestTermsTypedData, type AcceptedChainsDraft } from '../../domain/requestChains.ts'
import { insertPaymentRequest, type PaymentRequestRow } from '../repository/paymentRequests.ts'
import { ApiError } from '../../domain/errors/apiError.ts'
import { SignatureMismatchError, badInput, fieldErrors } from '../../domain/errors/input.ts'

export type CreatePaymentRequestServices = {
  db: Db
  assets: readonly Asset[]
  clients: ReadonlyMap<number, PublicClient>
}
/** The terms as the payee's wallet signed them, in the words of the create form. */
export type CreatePaymentRequestParameters = {
  chainId: number
  asset: string
  amount: string
  payer?: string | null | undefined
  memo: string
  dueAt: string
  reference: string
  signature: string
  /**
   * The chains it accepts besides `chainId` (which is first whether listed or not); an empty list for that
   * chain alone; left out, every offered chain where the token exists.
   */
  acceptedChains?: AcceptedChainsDraft | null | undefined
}
/** BAD_USER_INPUT naming each wrong field, SIGNATURE_MISMATCH when the payee did not sign these terms. */
export type CreatePaymentRequestErrorType = ApiError

async function verifyTermsSignature(
  client: PublicClient,
  payee: Address,
  typedData: ReturnType<typeof requestTermsTypedData>,
  signature: Hex,
) {
  try {
    return await client.verifyTypedData({ address: payee, ...(typedData as TypedDataDefinition), signature })
  } catch {
    return false
  }
}

/** The terms of the create form, every rule checked (each wrong field named); the signature is not looked at. */
export function checkedRequestTerms(
  assets: readonly Asset[],
  payeeAddress: string,
  input: Omit<CreatePaymentRequestParameters, 'signature'>,
) {
  const checked = checkPaymentRequestDraft(
    {
      chainId: String(input.chainId),
      asset: input.asset,
      amount: input.amount,
      payer: input.payer ?? '',
      memo: input.memo,
      dueAt: input.dueAt,
    },
    { assets, payee: payeeAddress },
  )
  if (!checked.ok) throw fieldErrors(checked.errors)
  if (!isPaymentReference(input.reference))
    throw badInput('reference', 'must be 16 bytes as 0x-prefixed lower-case hex.')
  if (!isRandomLookingReference(input.reference))
    throw badInput(
      'reference',
      'must be 16 random bytes; this one has four equal bytes in a row, like the padding of ordinary calldata, so an unrelated transfer could pass for its payment.',
    )
  const asset = assets.find((a) => a.chainId === checked.terms.chainId && a.address === checked.terms.asset)!
  const accepted = checkAcceptedChains(asset, input.acceptedChains, assets)
  if (!accepted.ok) throw fieldErrors({ acceptedChains: accepted.error })
  const payee = getAddress(payeeAddress)
  const terms = { ...checked.terms, payee, reference: input.reference as Hex, acceptedChains: accepted.chains }
  return { terms, asset }
}

/** Each accepted chain's head now, from which its watcher looks for the request's payments. */
export async function createdBlocks(
  clients: CreatePaymentRequestServices['clients'],
  terms: ReturnType<typeof checkedRequestTerms>['terms'],
) {
  const heads = await Promise.all(terms.acceptedChains.map((c) => clients.get(c.chainId)!.getBlockNumber()))
  return {
    createdBlock: heads[0]!,
    acceptedChains: terms.acceptedChains.map((c, i) => ({ ...c, createdBlock: heads[i]! })),
  }
}

/** Stores a request the payee signed, after checking every rule and the signature again. */
export async function createPaymentRequest(
  services: CreatePaymentRequestServices,
  payeeAddress: string,
  input: CreatePaymentRequestParameters,
): Promise<PaymentRequestRow> {
  return insertPaymentRequest(services.db, await checkSignedRequest(services, payeeAddress, input))
}

/**
 * A request the payee signed, checked against every rule, its signature checked (on chain for a
 * contract wallet) and the chains' heads read: what a change does before its transaction.
 */
export async function checkSignedRequest(
  { assets, clients }: Omit<CreatePaymentRequestServices, 'db'>,
  payeeAddress: string,
  input: CreatePaymentRequestParameters,
) {
  const checked = checkedRequestTerms(assets, payeeAddress, input)
  const { signature } = input
  if (!isHex(signature, { strict: true }) || signature.length < 132 || signature.length > 20_000)
    throw badInput('signature', 'must be a 0x-prefixed hex signature.')
  const client = clients.get(checked.terms.chainId)!
  const signs = (terms: typeof checked.terms) =>
    verifyTermsSignature(client, terms.payee, requestTermsTypedData(terms), signature)
  let terms = checked.terms
  if (!(await signs(terms))) {
    // A client that lists no chains and signed its own chain alone, as clients did before requests took
    // several, made a request of that chain: the payee's signature, not the default, says what it accepts.
    const ownAlone = { ...terms, acceptedChains: terms.acceptedChains.slice(0, 1) }
    const unlisted = input.acceptedChains === null || input.acceptedChains === undefined
    if (!unlisted || terms.acceptedChains.length === 1 || !(await signs(ownAlone)))
      throw new SignatureMismatchError({
        field: 'signature',
        shortMessage: `The signature is not ${terms.payee}'s signature of these terms. Sign the request again.`,
      })
    terms = ownAlone
  }
  return { terms, asset: checked.asset, signature, ...(await createdBlocks(clients, terms)) }
}
