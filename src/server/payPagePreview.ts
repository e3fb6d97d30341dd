import { findPaymentRequest, isPaymentRequestId } from '../payments/repository/paymentRequests.ts'
import { findPayeeProfile } from '../merchants/profile/payeeProfiles.ts'
import type { Db } from '../db/createDatabase.ts'
import { formatAmount, groupAmount } from '../domain/amount.ts'
import type { Asset } from '../domain/paymentRequest.ts'
import type { PagePreview } from './webApp.ts'

/** The title and description a shared pay link shows in chat apps: amount, token and the payee's name. */
export async function describePayPage(db: Db, assets: readonly Asset[], id: string): Promise<PagePreview | undefined> {
  if (!isPaymentRequestId(id)) return undefined
  const request = await findPaymentRequest(db, id)
  if (!request) return undefined
  const asset = assets.find((a) => a.chainId === request.chainId && a.address === request.asset)
  if (!asset) return undefined
  const profile = await findPayeeProfile(db, request.payee)
  const amount = `${groupAmount(formatAmount(BigInt(request.amount), asset.decimals), 'en-US')} ${asset.symbol}`
  const to = profile ? profile.displayName : `${request.payee.slice(0, 6)}…${request.payee.slice(-4)}`
  return {
    title: `Pay ${amount} to ${to}`,
    description: request.memo ? `${request.memo} · Payment request on Billfold` : 'Payment request on Billfold',
  }
}
