import { useStore } from '@nanostores/react'
import { useId } from 'react'
import { chosenLanguage, locale } from './i18n.ts'
import { LANGUAGES } from '../../domain/locales.ts'
import { commonText } from './messages.ts'

/** The payer's language, picked from the browser's at first; a pick is remembered in this browser. */
export function LanguagePicker() {
  const t = useStore(commonText)
  const current = useStore(locale)
  const id = useId()
  return (
    <span className="language-picker">
      <label htmlFor={id} className="visually-hidden">
        {t.language}
      </label>
      <select
        id={id}
        value={current}
        onChange={(event) => chosenLanguage.set(event.target.value)}
        data-testid="language-picker"
      >
        {Object.entries(LANGUAGES).map(([code, name]) => (
          <option key={code} value={code} lang={code}>
            {name}
          </option>
        ))}
      </select>
    </span>
  )
}
