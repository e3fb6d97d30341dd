import { getAddress } from 'viem'
import type { Db } from '../db/createDatabase.ts'
import { isLoopbackHost } from '../domain/loopbackHost.ts'
import { newPaymentReference } from '../domain/paymentReference.ts'
import { checkPaymentRequestDraft } from '../domain/paymentRequest.ts'
import { checkAcceptedChains, requestTermsTypedData } from '../domain/requestChains.ts'
import {
  insertPaymentRequest,
  type NewPaymentRequest,
  type PaymentRequestRow,
} from '../payments/repository/paymentRequests.ts'
import type { ApiKeyRow } from './apiKeys.ts'
import { PRICED_FIELDS, readPricedInput, signPricedMerchantRequest } from './merchantPricedRequest.ts'
import type { MerchantRequestInput, MerchantRequestParameters } from './merchantRequestParameters.ts'
import { DelegationMissingError, DelegationExpiredError } from '../domain/errors/apiKey.ts'
import { badInput, fieldErrors } from '../domain/errors/input.ts'

export const MAX_METADATA_BYTES = 4096
const MAX_REDIRECT_URL_LENGTH = 2048

/** A JSON body read field by field: each wrong type is named, nothing is guessed. */
export function readMerchantRequestInput(
  body: unknown,
  { webhooksAllowPrivate = false }: { webhooksAllowPrivate?: boolean } = {},
): MerchantRequestInput {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badInput('body', 'must be a JSON object.')
  const b = body as Record<string, unknown>
  const errors: Record<string, string | undefined> = {}
  const string = (field: string, { optional = false } = {}) => {
    const value = b[field]
    if (value === undefined || value === null) {
      if (!optional) errors[field] = `${field} is required.`
      return null
    }
    if (typeof value !== 'string') errors[field] = `${field} must be a string.`
    return typeof value === 'string' ? value : null
  }
  const chainId = b.chainId
  if (typeof chainId !== 'number' || !Number.isSafeInteger(chainId) || chainId <= 0)
    errors.chainId = 'chainId must be a positive integer, e.g. 8453.'
  const priced = b.price !== undefined && b.price !== null ? readPricedInput(b, errors) : null
  const asset = priced ? null : string('asset')
  const amount = priced ? null : string('amount')
  if (typeof b.amount === 'number')
    errors.amount = 'amount must be a string of the decimal amount, e.g. "12.50": a JSON number can lose digits.'
  const memo = string('memo', { optional: true }) ?? ''
  const dueAt = string('dueAt')
  const payer = string('payer', { optional: true })
  const redirectUrl = string('redirectUrl', { optional: true })
  if (redirectUrl !== null) errors.redirectUrl = redirectUrlProblem(redirectUrl, { webhooksAllowPrivate })
  let metadata: Record<string, unknown> | null = null
  if (b.metadata !== undefined && b.metadata !== null) {
    if (typeof b.metadata !== 'object' || Array.isArray(b.metadata))
      errors.metadata = 'metadata must be a JSON object, e.g. {"orderId": "1042"}.'
    else if (Buffer.byteLength(JSON.stringify(b.metadata)) > MAX_METADATA_BYTES)
      errors.metadata = `metadata must be at most ${MAX_METADATA_BYTES} bytes as JSON.`
    else metadata = b.metadata as Record<string, unknown>
  }
  const acceptedChains = readAcceptedChains(b.acceptedChains, errors)
  if (priced && acceptedChains)
    errors.acceptedChains = 'acceptedChains is for a request in a token; a priced request is paid through its quotes.'
  const unknown = Object.keys(b).filter(
    (k) =>
      ![
        'chainId',
        'asset',
        'amount',
        'memo',
        'dueAt',
        'payer',
        'redirectUrl',
        'metadata',
        'acceptedChains',
        ...PRICED_FIELDS,
      ].includes(k),
  )
  if (unknown.length) errors[unknown[0]!] = `${unknown[0]} is not a field of a payment request.`
  if (Object.values(errors).some(Boolean)) throw fieldErrors(errors)
  return {
    chainId: chainId as number,
    asset: asset ?? '',
    amount: amount ?? '',
    memo,
    dueAt: dueAt!,
    payer,
    redirectUrl,
    metadata,
    priced,
    acceptedChains,
  }
}

/** `acceptedChains`: absent, or a list of `{ chainId, asset }`; what is wrong in it is named. */
function readAcceptedChains(value: unknown, errors: Record<string, string | undefined>) {
  if (value === undefined || value === null) return null
  const entries = Array.isArray(value) ? value : undefined
  if (!entries || entries.length > 32) {
    errors.acceptedChains = 'acceptedChains must be a list of at most 32 {"chainId": 8453, "asset": "0x…"} objects.'
    return null
  }
  for (const [i, entry] of entries.entries()) {
    const e = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>
    if (
      typeof e.chainId !== 'number' ||
      !Number.isSafeInteger(e.chainId) ||
      e.chainId <= 0 ||
      typeof e.asset !== 'string'
    ) {
      errors.acceptedChains = `acceptedChains[${i}] must be {"chainId": a positive integer, "asset": a string}.`
      return null
    }
  }
  return (entries as { chainId: number; asset: string }[]).map((e) => ({ chainId: e.chainId, asset: e.asset }))
}

/**
 * A return address must be a web page reached safely: https, no credentials in it. Plain http only
 * to this machine, and only where receivers on the server's own network are allowed (a shop being
 * developed beside Billfold).
 */
export function redirectUrlProblem(
  value: string,
  { webhooksAllowPrivate = false }: { webhooksAllowPrivate?: boolean } = {},
): string | undefined {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return 'redirectUrl must be an absolute https URL, e.g. "https://shop.example/orders/1042".'
  }
  const loopback = isLoopbackHost(url.hostname)
  if (url.protocol !== 'https:' && !(webhooksAllowPrivate && loopback && url.protocol === 'http:'))
    return `redirectUrl must be an https URL, not ${url.protocol.replace(':', '')}.`
  if (url.username || url.password) return 'redirectUrl must not contain a user name or password.'
  if (value.length > MAX_REDIRECT_URL_LENGTH)
    return `redirectUrl must be at most ${MAX_REDIRECT_URL_LENGTH} characters.`
  return undefined
}

/** A key may sign for its payee once their wallet signed its delegation, until that expires. */
export function assertDelegationUsable(key: ApiKeyRow) {
  if (!key.delegationSignature)
    throw new DelegationMissingError({
      shortMessage:
        "This API key's delegation has not been signed by the payee's wallet yet: authorise the key in Billfold under API keys.",
    })
  if (key.delegationExpiresAt.getTime() <= Date.now())
    throw new DelegationExpiredError({
      shortMessage: `This API key's delegation expired on ${key.delegationExpiresAt.toISOString()}. Create a new key in Billfold.`,
    })
}

/**
 * A request's terms as a merchant's server asks for them: the same rules as the app's form, a
 * reference drawn here, signed by the key's delegate (whom the payee's wallet authorised). Nothing
 * is stored yet.
 */
export async function signMerchantRequest(request: MerchantRequestParameters): Promise<Omit<NewPaymentRequest, 'id'>> {
  assertDelegationUsable(request.key)
  const { input } = request
  if (input.priced) return signPricedMerchantRequest(request, input.priced)
  const checked = checkPaymentRequestDraft(
    {
      chainId: String(input.chainId),
      asset: input.asset,
      amount: input.amount,
      payer: input.payer ?? '',
      memo: input.memo,
      dueAt: input.dueAt,
    },
    { assets: request.assets, payee: request.key.payee },
  )
  if (!checked.ok) throw fieldErrors(checked.errors)
  const terms = {
    ...checked.terms,
    payee: getAddress(request.key.payee),
    reference: request.reference ?? newPaymentReference(),
  }
  const asset = request.assets.find((a) => a.chainId === terms.chainId && a.address === terms.asset)!
  const accepted = checkAcceptedChains(asset, input.acceptedChains, request.assets)
  if (!accepted.ok) throw fieldErrors({ acceptedChains: accepted.error })
  const [signature, ...heads] = await Promise.all([
    request.signAsDelegate(request.key, requestTermsTypedData({ ...terms, acceptedChains: accepted.chains })),
    ...accepted.chains.map((c) => request.heads?.get(c.chainId) ?? request.client(c.chainId)!.getBlockNumber()),
  ])
  return {
    terms,
    asset,
    signature,
    createdBlock: heads[0]!,
    acceptedChains: accepted.chains.map((c, i) => ({ ...c, createdBlock: heads[i]! })),
    issuedByKeyId: request.key.id,
    redirectUrl: input.redirectUrl,
    metadata: input.metadata,
  }
}

/** A request made by a merchant's server, signed (`signMerchantRequest`) and stored. */
export async function issueMerchantRequest(db: Db, request: MerchantRequestParameters): Promise<PaymentRequestRow> {
  return insertPaymentRequest(db, await signMerchantRequest(request))
}
