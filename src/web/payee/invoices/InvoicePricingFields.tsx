import { useStore } from '@nanostores/react'
import { fiatCurrencies } from '../../../domain/currencies.ts'
import type { Asset } from '../../../domain/paymentRequest.ts'
import { Field } from '../../components/Field.tsx'
import { AcceptedTokensField } from '../priced/AcceptedTokensField.tsx'
import { fillText } from '../../i18n/fill.tsx'
import { pricingText } from './invoicesText.ts'

type Pricing = { chainId: string; unit: string; acceptedAssets: string[] }

/** Where and in what an invoice is paid: the chain, a currency (with the tokens accepted at its rate) or one token. */
export function InvoicePricingFields({
  chains,
  chainId,
  unit,
  acceptedAssets,
  assets,
  quotableAssets,
  errors,
  onChange,
}: Pricing & {
  chains: readonly { id: number; name: string; testnet: boolean }[]
  assets: readonly Asset[]
  quotableAssets: readonly Asset[]
  errors: Record<string, string>
  onChange: (change: Partial<Pricing>) => void
}) {
  const t = useStore(pricingText)
  const inCurrency = fiatCurrencies.some((c) => c.code === unit)
  return (
    <>
      <div className="row">
        <Field id="invoice-chain" label={t.chain} error={errors.chainId}>
          <select
            id="invoice-chain"
            value={chainId}
            onChange={(e) => onChange({ chainId: e.target.value, acceptedAssets: [] })}
          >
            {chains.map((c) => (
              <option key={c.id} value={c.id}>
                {c.testnet ? fillText(t.testNetwork, { name: c.name }) : c.name}
              </option>
            ))}
          </select>
        </Field>
        <Field id="invoice-unit" label={t.pricedIn} error={errors.currency ?? errors.asset}>
          <select id="invoice-unit" value={unit} onChange={(e) => onChange({ unit: e.target.value })}>
            <optgroup label={t.currencyGroup}>
              {fiatCurrencies.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.code}
                </option>
              ))}
            </optgroup>
            <optgroup label={t.tokenGroup}>
              {assets
                .filter((a) => a.chainId === Number(chainId))
                .map((a) => (
                  <option key={a.address} value={a.address}>
                    {a.symbol}
                  </option>
                ))}
            </optgroup>
          </select>
        </Field>
      </div>
      {inCurrency && (
        <AcceptedTokensField
          id="invoice-assets"
          assets={quotableAssets}
          chosen={acceptedAssets}
          error={errors.acceptedAssets}
          onToggle={(address, on) =>
            onChange({
              acceptedAssets: on ? [...acceptedAssets, address] : acceptedAssets.filter((a) => a !== address),
            })
          }
          onBlur={() => {}}
        />
      )}
    </>
  )
}
