import { useStore } from '@nanostores/react'
import { useMemo } from 'react'
import { locale } from '../../i18n/i18n.ts'

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'

/** Every ISO 3166-1 alpha-2 code the browser names, with its name in the page's language, by name. */
function countries(code: string): [string, string][] {
  const names = new Intl.DisplayNames([code], { type: 'region', fallback: 'none' })
  const english = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' })
  const list: [string, string][] = []
  for (const a of LETTERS)
    for (const b of LETTERS) {
      const region = a + b
      if (english.of(region) !== undefined) list.push([region, names.of(region) ?? region])
    }
  return list.sort((x, y) => x[1].localeCompare(y[1], code))
}

/** A country as an e-invoice names it (its ISO code), chosen by its name in the page's language. */
export function CountrySelect({
  id,
  value,
  none,
  onChange,
}: {
  id: string
  value: string
  none: string
  onChange: (code: string) => void
}) {
  const code = useStore(locale)
  const options = useMemo(() => countries(code), [code])
  return (
    <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
      <option value="">{none}</option>
      {options.map(([region, name]) => (
        <option key={region} value={region}>
          {name}
        </option>
      ))}
    </select>
  )
}
