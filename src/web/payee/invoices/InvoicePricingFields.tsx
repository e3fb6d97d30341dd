import { fiatCurrencies } from '../../../domain/currencies.ts'
import type { Asset } from '../../../domain/paymentRequest.ts'
import { Field } from '../../components/Field.tsx'
import { AcceptedTokensField } from '../priced/AcceptedTokensField.tsx'

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
  const inCurrency = fiatCurrencies.some((c) => c.code === unit)
  return (
    <>
      <div className="row">
        <Field id="invoice-chain" label="Chain" error={errors.chainId}>
          <select
            id="invoice-chain"
            value={chainId}
            onChange={(e) => onChange({ chainId: e.target.value, acceptedAssets: [] })}
          >
            {chains.map((c) => (
              <option key={c.id} value={c.id}>
                {c.testnet ? `${c.name} (test network)` : c.name}
              </option>
            ))}
          </select>
        </Field>
        <Field id="invoice-unit" label="Priced in" error={errors.currency ?? errors.asset}>
          <select id="invoice-unit" value={unit} onChange={(e) => onChange({ unit: e.target.value })}>
            <optgroup label="A currency, paid in tokens at the day's rate">
              {fiatCurrencies.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.code}
                </option>
              ))}
            </optgroup>
            <optgroup label="A token">
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
