import { useStore } from '@nanostores/react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { Link } from 'wouter'
import { delegationToSign } from '../../domain/delegation.ts'
import { ErrorNotice } from '../components/ErrorNotice.tsx'
import { Field } from '../components/Field.tsx'
import { useDocumentTitle } from '../components/useDocumentTitle.ts'
import { fieldErrorOf, mutate, query } from '../graphql/apiClient.ts'
import { useAssetChoice } from '../payee/useAssetChoice.ts'
import { BackToRequests } from '../payee/BackToRequests.tsx'
import { useWalletCore } from '../wallet/WalletProvider.tsx'
import { useCan, useSession } from '../auth/useSession.ts'
import {
  CreateMemberTillMutation,
  CreateTillMutation,
  MyTillsQuery,
  PrepareTillMutation,
  TILLS_KEY,
} from './posOperations.ts'
import { tillsText } from './posText.ts'
import { useAppManifest } from './useAppManifest.ts'

/** Items typed one a line as "name = price". */
const itemsOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.split('='))
    .filter((parts) => parts.join('').trim() !== '')
    .map(([name = '', ...price]) => ({ name: name.trim(), price: price.join('=').trim() }))

/** The payee's tills: each opens full screen, with its fixed link and its day's report; and a form for a new one. */
export function TillsPage() {
  const t = useStore(tillsText)
  useDocumentTitle(t.title)
  useAppManifest()
  const client = useQueryClient()
  const { connection } = useWalletCore()
  // A cashier opens the tills; the owner or an admin sets them up.
  const can = useCan()
  const session = useSession()
  const tills = useQuery({ queryKey: TILLS_KEY, queryFn: async () => (await query(MyTillsQuery)).myTills })
  const [form, setForm] = useState({ name: '', asset: '', currency: 'EUR', items: '', tips: '10, 15, 20' })
  const { assets, chosen } = useAssetChoice(form.asset)
  const create = useMutation({
    mutationFn: async () => {
      const input = {
        name: form.name,
        chainId: chosen!.chainId,
        asset: chosen!.address,
        currency: form.currency || null,
        items: itemsOf(form.items),
        tips: form.tips
          .split(',')
          .map((tip) => tip.trim())
          .filter(Boolean),
      }
      // A member's till is signed by the members' delegate the owner authorised: no wallet signature here.
      if (session.data?.role !== 'owner') return (await mutate(CreateMemberTillMutation, { input })).createMemberTill
      const pending = (await mutate(PrepareTillMutation, { input })).prepareTill
      const signature = await connection.signTypedData(delegationToSign(pending))
      return (await mutate(CreateTillMutation, { id: pending.id, signature })).createTill
    },
    onSuccess: async () => {
      setForm({ ...form, name: '', items: '' })
      await client.invalidateQueries({ queryKey: TILLS_KEY })
    },
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (chosen) create.mutate()
  }
  const errorOf = (field: string) => fieldErrorOf(create.error, field)
  return (
    <section aria-labelledby="tills-title" className="stack">
      <BackToRequests />
      <h1 id="tills-title">{t.title}</h1>
      <p className="card-intro">{t.intro}</p>
      {tills.data && tills.data.length > 0 ? (
        <ul className="till-list">
          {tills.data.map((till) => (
            <li key={till.id} className="card">
              <h2>{till.name}</h2>
              <div className="cluster">
                <Link href={`/pos/${till.id}`} className="button primary">
                  {t.open}
                </Link>
                <Link href={`/pos/${till.id}/report`} className="button">
                  {t.report}
                </Link>
              </div>
              <p className="hint">
                {t.fixedLink}: <code>{`${window.location.origin}/till/${till.id}`}</code>
              </p>
            </li>
          ))}
        </ul>
      ) : (
        tills.isSuccess && <p className="hint">{t.none}</p>
      )}
      <ErrorNotice error={tills.error} />
      {can('tills:manage') && (
        <form className="form card" onSubmit={submit} noValidate aria-label={t.newTill}>
          <h2>{t.newTill}</h2>
          <Field id="till-name" label={t.name} error={errorOf('name')}>
            <input
              id="till-name"
              value={form.name}
              maxLength={60}
              placeholder={t.namePlaceholder}
              onChange={(e) => setForm({ ...form, name: e.target.value })}
            />
          </Field>
          <div className="row">
            <Field id="till-asset" label={t.asset} error={errorOf('asset')}>
              <select
                id="till-asset"
                value={chosen?.key ?? ''}
                onChange={(e) => setForm({ ...form, asset: e.target.value })}
              >
                {assets.map((a) => (
                  <option key={a.key} value={a.key}>
                    {a.label}
                  </option>
                ))}
              </select>
            </Field>
            <Field id="till-currency" label={t.countIn} error={errorOf('currency')}>
              <select
                id="till-currency"
                value={form.currency}
                onChange={(e) => setForm({ ...form, currency: e.target.value })}
              >
                <option value="">{t.inToken}</option>
                {['EUR', 'USD', 'GBP', 'CHF', 'JPY', 'AUD', 'CAD'].map((code) => (
                  <option key={code} value={code}>
                    {code}
                  </option>
                ))}
              </select>
            </Field>
          </div>
          <Field id="till-items" label={t.items} error={errorOf('items') ?? errorOf('items.0.price')}>
            <textarea
              id="till-items"
              rows={3}
              value={form.items}
              placeholder={t.itemsHint}
              onChange={(e) => setForm({ ...form, items: e.target.value })}
            />
          </Field>
          <Field id="till-tips" label={t.tips} error={errorOf('tips')}>
            <input id="till-tips" value={form.tips} onChange={(e) => setForm({ ...form, tips: e.target.value })} />
          </Field>
          <button type="submit" className="button primary" disabled={create.isPending || !chosen}>
            {create.isPending ? t.signInWallet : t.create}
          </button>
          <ErrorNotice error={create.error} />
        </form>
      )}
    </section>
  )
}
