import type { Chain } from 'viem'

/** A transaction hash, linked to the chain's block explorer when it has one (the dev chain has none). */
export function TransactionLink({ chain, hash }: { chain: Chain | undefined; hash: string }) {
  const explorer = chain?.blockExplorers?.default.url
  if (!explorer)
    return (
      <span className="mono small" data-testid="transaction-hash">
        {hash}
      </span>
    )
  return (
    <a
      className="mono small"
      href={`${explorer.replace(/\/$/, '')}/tx/${hash}`}
      target="_blank"
      rel="noreferrer"
      data-testid="transaction-hash"
    >
      {hash}
    </a>
  )
}
