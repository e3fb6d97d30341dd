import { checkPaymentRequestDraft, type Asset } from '../domain/paymentRequest.ts'
import { checkPricedRequestDraft } from '../domain/pricedRequest.ts'
import { deceptiveTextProblem } from '../domain/displayText.ts'
import { pricedCurrencies } from '../payments/quotes/quotePrice.ts'
import { fieldErrors } from '../domain/errors/input.ts'

const MAX_TITLE_LENGTH = 60

export type PaymentLinkDraft = {
  title: string
  chainId: number
  asset: string
  amount: string | null
  minAmount: string | null
  maxAmount: string | null
  memo: string
  /** For a link priced in a currency: its code, the tokens the payer may pay in, a tolerance in percent. */
  currency?: string | null
  acceptedAssets?: readonly string[] | null
  tolerance?: string | null
}

/**
 * A priced link's terms by the priced request's rules: a fixed price (a payer does not choose a
 * price), its tokens among those the chain can price, its tolerance.
 */
export function checkPricedLinkDraft(draft: PaymentLinkDraft, assets: readonly Asset[], quotable: readonly Asset[]) {
  const checked = checkPricedRequestDraft(
    {
      chainId: String(draft.chainId),
      currency: draft.currency ?? '',
      price: draft.amount ?? '',
      acceptedAssets: draft.acceptedAssets ?? [],
      tolerance: draft.tolerance ?? '',
      payer: '',
      memo: draft.memo,
      dueAt: new Date(Date.now() + 3600_000).toISOString(),
    },
    { assets, quotable, currenciesOn: pricedCurrencies },
  )
  const title = titleProblem(draft.title)
  const range =
    draft.minAmount?.trim() || draft.maxAmount?.trim()
      ? 'minAmount and maxAmount are for a link in a token; a priced link has one price (amount).'
      : undefined
  if (!checked.ok || title.problem || range) {
    const { price, ...rest } = checked.ok ? {} : checked.errors
    throw fieldErrors({ title: title.problem, minAmount: range, ...rest, amount: price })
  }
  return { ...checked.terms, title: title.text }
}

const titleProblem = (raw: string) => {
  const text = raw.trim()
  return {
    text,
    problem: !text
      ? 'title must be given, e.g. "Donation".'
      : text.length > MAX_TITLE_LENGTH
        ? `title must be at most ${MAX_TITLE_LENGTH} characters.`
        : deceptiveTextProblem('title', text),
  }
}

/** The link's terms by the request rules: a fixed amount, or a range the payer chooses in (min ≤ max). */
export function checkLinkDraft(draft: PaymentLinkDraft, assets: readonly Asset[]) {
  const check = (amount: string) =>
    checkPaymentRequestDraft(
      {
        chainId: String(draft.chainId),
        asset: draft.asset,
        amount,
        payer: '',
        memo: draft.memo,
        dueAt: new Date(Date.now() + 3600_000).toISOString(),
      },
      { assets },
    )
  const { text: title, problem } = titleProblem(draft.title)
  const errors: Record<string, string | undefined> = { title: problem }
  const fixed = draft.amount?.trim() ? draft.amount : null
  const range = [draft.minAmount?.trim() || null, draft.maxAmount?.trim() || null] as const
  let terms:
    { chainId: number; asset: string; amount: bigint | null; min: bigint | null; max: bigint | null } | undefined
  if (fixed && (range[0] || range[1]))
    errors.amount =
      'amount must be left empty when a minimum and maximum are given (the payer chooses), or given alone.'
  else if (!fixed && !(range[0] && range[1]))
    errors.amount = 'amount must be given, or a minAmount and maxAmount for the payer to choose between.'
  else {
    const checked = fixed ? [check(fixed)] : [check(range[0]!), check(range[1]!)]
    const failed = checked.find((c) => !c.ok)
    if (failed && !failed.ok) {
      const { amount: amountError, ...rest } = failed.errors
      Object.assign(
        errors,
        rest,
        amountError ? { [fixed ? 'amount' : checked[0]!.ok ? 'maxAmount' : 'minAmount']: amountError } : {},
      )
    } else {
      const [a, b] = checked.map((c) => (c.ok ? c.terms : undefined))
      if (!fixed && b && a!.amount > b.amount) errors.maxAmount = 'maxAmount must not be below minAmount.'
      terms = {
        chainId: a!.chainId,
        asset: a!.asset,
        amount: fixed ? a!.amount : null,
        min: fixed ? null : a!.amount,
        max: fixed ? null : b!.amount,
      }
    }
  }
  if (Object.values(errors).some(Boolean) || !terms) throw fieldErrors(errors)
  return { ...terms, title, memo: draft.memo }
}
