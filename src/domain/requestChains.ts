import { getAddress, zeroAddress, type Address } from 'viem'
import {
  NATIVE_ASSET,
  paymentRequestTypedData,
  requestPartiesMessage,
  requestPartiesTypes,
  type Asset,
  type PaymentRequestTerms,
} from './paymentRequest.ts'

/** A chain a request accepts and the token it takes there. */
export type AcceptedChain = { chainId: number; asset: Address | typeof NATIVE_ASSET }

/** A request's terms with the chains it accepts: its own first; one entry (or none) for a request of one chain. */
export type RequestOnChainsTerms = PaymentRequestTerms & { acceptedChains?: readonly AcceptedChain[] | undefined }

/** What the caller listed, before any rule: `{ chainId, asset }` per chain. */
export type AcceptedChainsDraft = readonly { chainId: number; asset: string }[]

/** Whether two assets are one token as far as an amount goes: the same symbol in the same units, so parts add up. */
export const sameToken = (a: Pick<Asset, 'symbol' | 'decimals'>, b: Pick<Asset, 'symbol' | 'decimals'>) =>
  a.symbol === b.symbol && a.decimals === b.decimals

/** The order the set is signed in: the request's own chain first, then the others by chain id. */
function inSignedOrder(own: AcceptedChain, others: readonly AcceptedChain[]): AcceptedChain[] {
  return [own, ...others.filter((c) => c.chainId !== own.chainId).sort((a, b) => a.chainId - b.chainId)]
}

const keyOf = (asset: string) => (asset === NATIVE_ASSET ? NATIVE_ASSET : asset.toLowerCase())

/** Every offered chain where the request's token exists (by symbol and units), its own first: what a new request accepts unless told. */
export function defaultAcceptedChains(own: Asset, assets: readonly Asset[]): AcceptedChain[] {
  const byChain = new Map<number, AcceptedChain>()
  for (const asset of assets)
    if (asset.chainId !== own.chainId && !byChain.has(asset.chainId) && sameToken(asset, own))
      byChain.set(asset.chainId, { chainId: asset.chainId, asset: asset.address })
  return inSignedOrder({ chainId: own.chainId, asset: own.address }, [...byChain.values()])
}

/**
 * The chains a request accepts, checked: each offered, each with the request's token (same symbol and
 * units, so parts paid on two chains add up), none twice. The request's own chain comes first whether
 * listed or not; the rest by chain id, the order the payee signs. No list at all is the default (every
 * offered chain where the token exists); an empty list is the own chain alone.
 */
export function checkAcceptedChains(
  own: Asset,
  draft: AcceptedChainsDraft | null | undefined,
  assets: readonly Asset[],
): { ok: true; chains: AcceptedChain[] } | { ok: false; error: string } {
  if (draft === null || draft === undefined) return { ok: true, chains: defaultAcceptedChains(own, assets) }
  const others: AcceptedChain[] = []
  for (const [i, entry] of draft.entries()) {
    const field = `acceptedChains[${i}]`
    const onChain = assets.filter((a) => a.chainId === entry.chainId)
    if (onChain.length === 0)
      return { ok: false, error: `${field}: chain ${entry.chainId} is not one this Billfold accepts.` }
    const asset = onChain.find((a) => keyOf(a.address) === keyOf(entry.asset.trim()))
    if (!asset)
      return {
        ok: false,
        error: `${field}: ${entry.asset || 'an empty asset'} is not a token on chain ${entry.chainId}.`,
      }
    if (!sameToken(asset, own))
      return {
        ok: false,
        error: `${field}: ${asset.symbol} is not ${own.symbol}: every chain of a request takes the same token, so parts paid on two chains add up.`,
      }
    if (entry.chainId === own.chainId) {
      if (keyOf(asset.address) !== keyOf(own.address))
        return {
          ok: false,
          error: `${field}: chain ${entry.chainId} is the request's own chain; it takes the request's asset.`,
        }
      continue
    }
    if (others.some((c) => c.chainId === entry.chainId))
      return { ok: false, error: `${field}: chain ${entry.chainId} is listed twice.` }
    others.push({
      chainId: entry.chainId,
      asset: asset.address === NATIVE_ASSET ? NATIVE_ASSET : getAddress(asset.address),
    })
  }
  return { ok: true, chains: inSignedOrder({ chainId: own.chainId, asset: own.address }, others) }
}

export const requestOnChainsTypes = {
  PaymentRequestOnChains: [
    { name: 'accepted', type: 'AcceptedAsset[]' },
    { name: 'amount', type: 'uint256' },
    ...requestPartiesTypes,
  ],
  AcceptedAsset: [
    { name: 'chainId', type: 'uint256' },
    { name: 'asset', type: 'address' },
  ],
} as const

/**
 * The EIP-712 typed data a payee signs for a request: over every chain and token it accepts when it
 * accepts more than one (so a page or client that adds, drops or swaps one fails the check), else the
 * one-chain `PaymentRequest` unchanged. Signed in the domain of the request's own chain.
 */
export function requestTermsTypedData(terms: RequestOnChainsTerms) {
  const chains = terms.acceptedChains ?? []
  if (chains.length <= 1) return paymentRequestTypedData(terms)
  return {
    domain: { name: 'Billfold', version: '1', chainId: terms.chainId },
    types: requestOnChainsTypes,
    primaryType: 'PaymentRequestOnChains' as const,
    message: {
      accepted: chains.map((c) => ({
        chainId: BigInt(c.chainId),
        asset: c.asset === NATIVE_ASSET ? zeroAddress : c.asset,
      })),
      amount: terms.amount,
      ...requestPartiesMessage(terms),
    },
  }
}
