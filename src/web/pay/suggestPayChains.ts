/** One chain a request accepts, as the connected wallet stands on it. */
export type PayChainOption = {
  chainId: number
  /** The wallet's balance of the request's token there, in base units. */
  balance: bigint
  /** The network fee of paying there in one unit for every chain (the payer's currency's minor units), undefined when unknown. */
  fee: bigint | undefined
}

export type PayChainSuggestion<T extends PayChainOption = PayChainOption> = T & { enough: boolean }

const byFee = (a: PayChainOption, b: PayChainOption) =>
  a.fee === undefined
    ? b.fee === undefined
      ? 0
      : 1
    : b.fee === undefined
      ? -1
      : a.fee < b.fee
        ? -1
        : a.fee > b.fee
          ? 1
          : 0

/**
 * Where the payer can pay what is due: the chains whose balance covers it first, the cheapest fee
 * first among them (an unknown fee last); then the others, the most held first, for a payment in parts.
 */
export function suggestPayChains<T extends PayChainOption>(
  options: readonly T[],
  due: bigint,
): PayChainSuggestion<T>[] {
  const marked = options.map((o) => ({ ...o, enough: o.balance >= due }))
  const enough = marked.filter((o) => o.enough).sort(byFee)
  const short = marked
    .filter((o) => !o.enough)
    .sort((a, b) => (a.balance > b.balance ? -1 : a.balance < b.balance ? 1 : byFee(a, b)))
  return [...enough, ...short]
}
