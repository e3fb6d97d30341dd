import { useStore } from '@nanostores/react'
import { BaseError } from '../../domain/baseError.ts'
import { UserRejectedError } from '../../wallet/walletErrors.ts'
import { locale } from '../i18n/i18n.ts'
import { BASE_LOCALE } from '../../domain/locales.ts'
import { commonText, walletErrorText } from '../i18n/messages.ts'
import { apiErrorText, inputErrorText } from '../i18n/errorText.ts'
// Not from apiClient: the frame shows errors before any page loads the GraphQL client.
import { ApiRequestError, fieldErrorOf } from '../graphql/apiRequestError.ts'

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
 * An API error as its code's sentence in the shown language (a field's sentence when one field is at
 * fault), never the server's English; a wallet error's own English words, or in another language the
 * translation of its code.
 */
function useErrorText(error: unknown): { shortMessage?: string; action?: string } {
  const code = useStore(locale)
  const t = useStore(walletErrorText)
  const api: Record<string, string> = useStore(apiErrorText)
  const input: Record<string, string> = useStore(inputErrorText)
  if (error instanceof ApiRequestError) {
    if (error.code === 'BAD_USER_INPUT' && error.fields.length === 1 && error.fields[0]! in input)
      return { shortMessage: fieldErrorOf(error, error.fields[0]!) }
    return { shortMessage: api[error.code] ?? api.INTERNAL_SERVER_ERROR }
  }
  if (!(error instanceof BaseError)) return {}
  const key = `${error.code}${error instanceof UserRejectedError && error.signing ? '_SIGNING' : ''}` as keyof typeof t
  if (code !== BASE_LOCALE && key in t) return { shortMessage: t[key], action: t[`${key}_action` as keyof typeof t] }
  return { shortMessage: error.shortMessage, action: error.action }
}
