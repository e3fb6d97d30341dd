import { LANGUAGES } from '../../domain/locales.ts'

/** The six languages as a select's options, each named in itself. */
export function LanguageOptions() {
  return (
    <>
      {Object.entries(LANGUAGES).map(([code, name]) => (
        <option key={code} value={code}>
          {name}
        </option>
      ))}
    </>
  )
}
