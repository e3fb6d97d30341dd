/** A calendar day ("2026-03-01") the way `locale` writes it, the same day wherever the reader is. */
export const formatDay = (day: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`))
