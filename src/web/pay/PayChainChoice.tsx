import { useStore } from '@nanostores/react'
import { useMutation, useQuery } from '@tanstack/react-query'
import { map } from 'nanostores'
import type { Address } from 'viem'
import { roundUpSignificant } from '../../domain/amount.ts'
import type { FiatCurrency } from '../../domain/currencies.ts'
import { NATIVE_ASSET } from '../../domain/paymentRequest.ts'
import { ErrorNotice } from '../components/ErrorNotice.tsx'
import { fillText } from '../i18n/fill.tsx'
import { commonText } from '../i18n/messages.ts'
import { payText } from '../i18n/payerMessages.ts'
import { useFormat } from '../i18n/useFormat.ts'
import { publicClientFor } from '../publicClients.ts'
import type { PaymentRequestData } from '../requests/requestOperations.ts'
import { useConnection, useWalletCore } from '../wallet/WalletProvider.tsx'
import { feedsByChain, payerCurrencyOf, readFeeRates, valueFee } from './feeInCurrency.ts'
import { outstandingOf, paymentFee, tokenBalance } from './payPreflight.ts'
import { suggestPayChains, type PayChainOption, type PayChainSuggestion } from './suggestPayChains.ts'

/** The request as paid on one of the chains it accepts: that chain and its token there, the same reference. */
export function requestOnChain(request: PaymentRequestData, chainId: number): PaymentRequestData {
  const accepted = request.acceptedChains.find((c) => c.chainId === chainId)
  return accepted ? { ...request, chainId, asset: accepted.asset } : request
}

/** One chain as offered: the fee also in its coin, for a chain whose fee has no value in the payer's currency. */
export type PayChainFigures = PayChainOption & { feeNative: bigint; nativeSymbol: string; currency: FiatCurrency }

/**
 * The payer's balance of the request's token on each chain it accepts and the network fee of paying
 * there (valued in the payer's currency by that chain's feeds), in the order to suggest them. A chain
 * whose node does not answer is left out rather than stopping the others.
 */
export function usePayChainSuggestions(request: PaymentRequestData, payer: Address | undefined, due: bigint) {
  const { chains } = useWalletCore()
  const several = request.acceptedChains.length > 1
  return useQuery({
    queryKey: ['pay-chains', request.id, payer, due.toString()],
    enabled: several && payer !== undefined,
    queryFn: async (): Promise<PayChainSuggestion<PayChainFigures>[]> => {
      const currency = payerCurrencyOf(request)
      const feeds = await feedsByChain().catch(() => new Map<number, never[]>())
      const read = await Promise.allSettled(
        request.acceptedChains.map(async ({ chainId, asset }): Promise<PayChainFigures> => {
          const client = publicClientFor(chains, chainId)
          if (!client) throw new Error(`chain ${chainId} is not one this page reads`)
          const onChain = requestOnChain(request, chainId)
          const [balance, feeNative, rates] = await Promise.all([
            asset === NATIVE_ASSET
              ? client.request({ method: 'eth_getBalance', params: [payer!, 'latest'] }).then(BigInt)
              : tokenBalance(client, asset as Address, payer!),
            paymentFee(client, onChain, payer!, due),
            // A feed that cannot be read leaves the fee in the chain's coin, not the chain out.
            readFeeRates(client, feeds.get(chainId) ?? [], currency).catch(() => null),
          ])
          const fee = rates ? valueFee(feeNative, rates, currency) : undefined
          return { chainId, balance, fee, feeNative, nativeSymbol: client.chain.nativeCurrency.symbol, currency }
        }),
      )
      const options = read.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []))
      return suggestPayChains(options, due)
    },
  })
}

/** The chains the payer can pay on, the suggested first; choosing one switches the wallet to it. */
export function PayChainChoice({
  request,
  suggestions,
  chosen,
  onChoose,
}: {
  request: PaymentRequestData
  suggestions: readonly PayChainSuggestion<PayChainFigures>[]
  chosen: number
  onChoose: (chainId: number) => void
}) {
  const core = useWalletCore()
  const connection = useConnection()
  const t = useStore(payText)
  const common = useStore(commonText)
  const format = useFormat()
  const switching = useMutation({ mutationFn: (chainId: number) => core.connection.switchChain(chainId) })
  const nameOf = (id: number) => core.chains.find((c) => c.id === id)?.name ?? fillText(common.chainFallback, { id })
  return (
    <fieldset className="pay-chains" data-testid="pay-chains">
      <legend>{t.chainsLegend}</legend>
      {suggestions.map((s) => (
        <label key={s.chainId} className="pay-chain" data-testid="pay-chain" data-chain-id={s.chainId}>
          <input
            type="radio"
            name="pay-chain"
            checked={s.chainId === chosen}
            disabled={switching.isPending}
            onChange={() => {
              onChoose(s.chainId)
              if (connection.status === 'connected' && connection.chainId !== s.chainId) switching.mutate(s.chainId)
            }}
          />{' '}
          {fillText(s.enough ? t.chainEnough : t.chainShort, {
            chain: nameOf(s.chainId),
            balance: format.assetUnits(s.balance, request.decimals, request.symbol),
            fee:
              s.fee === undefined
                ? `${format.units(roundUpSignificant(s.feeNative), 18)} ${s.nativeSymbol}`
                : format.money(s.fee, s.currency),
          })}
        </label>
      ))}
      <ErrorNotice error={switching.error} />
    </fieldset>
  )
}

/** The chain each request's payer picked on this page: Pay and the panel for another wallet follow the same pick. */
const pickedPayChains = map<Record<string, number | undefined>>({})

/** The chain a request is to be paid on: the payer's pick, else the one suggested by balance and fee, else its own. */
export function useChosenChainId(asked: PaymentRequestData, payer: Address | undefined) {
  const picked = useStore(pickedPayChains)[asked.id]
  const suggestions = usePayChainSuggestions(asked, payer, outstandingOf(asked))
  const chosen = picked ?? suggestions.data?.[0]?.chainId ?? asked.chainId
  return { chosen, suggestions, pick: (chainId: number) => pickedPayChains.setKey(asked.id, chainId) }
}

/**
 * The request as the payer pays it: on a request of several chains, the chain chosen (the suggested
 * one until the payer picks another), with the list to choose from; else the request unchanged.
 */
export function useChosenPayChain(
  { request: asked, chainName: askedChainName }: { request: PaymentRequestData; chainName: string },
  payer: Address | undefined,
) {
  const { chains } = useWalletCore()
  const { chosen, suggestions, pick: setPicked } = useChosenChainId(asked, payer)
  const chainName =
    chosen === asked.chainId ? askedChainName : (chains.find((c) => c.id === chosen)?.name ?? askedChainName)
  const choice =
    suggestions.data && suggestions.data.length > 1 ? (
      <PayChainChoice request={asked} suggestions={suggestions.data} chosen={chosen} onChoose={setPicked} />
    ) : null
  const chain = chains.find((c) => c.id === chosen)
  const client = publicClientFor(chains, chosen)
  return {
    request: requestOnChain(asked, chosen),
    chainName,
    chain,
    client,
    ownChain: chosen === asked.chainId,
    choice,
  }
}
