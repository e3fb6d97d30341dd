import { useStore } from '@nanostores/react'
import { BaseError } from '../../domain/baseError.ts'
import { UserRejectedError } from '../../wallet/walletErrors.ts'
import { locale } from '../i18n/i18n.ts'
import { BASE_LOCALE } from '../../domain/locales.ts'
import { commonText, walletErrorText } from '../i18n/messages.ts'

/** An error as a person reads it: its sentence, what to do next, and its code for support. */
export function ErrorNotice({ error, tone = 'error' }: { error: unknown; tone?: 'error' | 'warning' }) {
  const common = useStore(commonText)
  const { shortMessage, action } = useErrorText(error)
  if (!error) return null
  const known = error instanceof BaseError
  return (
    <p role="alert" className={`notice ${tone}`} data-code={known ? error.code : undefined}>
      <strong>{shortMessage ?? common.somethingWrong}</strong>
      {action ? ` ${action}` : ''}
    </p>
  )
}

/**
 * The error's own English words, or, in another language, the translation of its code: wallet
 * errors are translated; the server's messages stay in English.
 */
function useErrorText(error: unknown): { shortMessage?: string; action?: string } {
  const code = useStore(locale)
  const t = useStore(walletErrorText)
  if (!(error instanceof BaseError)) return {}
  const key = `${error.code}${error instanceof UserRejectedError && error.signing ? '_SIGNING' : ''}` as keyof typeof t
  if (code !== BASE_LOCALE && key in t) return { shortMessage: t[key], action: t[`${key}_action` as keyof typeof t] }
  return { shortMessage: error.shortMessage, action: error.action }
}
