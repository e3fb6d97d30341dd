import { emailProblem } from '../domain/emailAddress.ts'
import { ConfigError } from './configError.ts'

/** The SMTP server's URL, never repeated in an error: it carries the password. */
export function smtpUrl(raw: string | undefined): string | undefined {
  const value = raw?.trim()
  if (!value) return undefined
  let protocol: string | undefined
  try {
    protocol = new URL(value).protocol
  } catch {
    protocol = undefined
  }
  if (protocol !== 'smtp:' && protocol !== 'smtps:')
    throw new ConfigError(
      'SMTP_URL',
      'must be an smtp:// or smtps:// URL, e.g. smtps://user:password@mail.example.com:465.',
    )
  return value
}

export function emailFrom(raw: string | undefined): string | undefined {
  const value = raw?.trim()
  if (!value) return undefined
  const problem = emailProblem('EMAIL_FROM', value)
  if (problem) throw new ConfigError('EMAIL_FROM', problem.replace('EMAIL_FROM ', ''))
  return value
}
