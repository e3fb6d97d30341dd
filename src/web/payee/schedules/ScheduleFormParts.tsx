import { useStore } from '@nanostores/react'
import { LanguageOptions } from '../../components/LanguageOptions.tsx'
import { Field } from '../../components/Field.tsx'
import { useEmailEnabled } from '../email/emailOperations.ts'
import { locale } from '../../i18n/i18n.ts'
import { monthNames, weekdayNames } from './scheduleOperations.ts'
import { scheduleFormText } from './schedulesText.ts'

type CalendarForm = { interval: string; day: string; month: string }

/** Every week on a weekday, every month on a day, or every year on a month's day. */
export function ScheduleCalendarFields({
  form,
  set,
  errorOf,
}: {
  form: CalendarForm
  set: (field: keyof CalendarForm) => (value: string) => void
  errorOf: (field: string) => string | undefined
}) {
  const t = useStore(scheduleFormText)
  const code = useStore(locale)
  return (
    <div className="row">
      <div className="field">
        <label htmlFor="schedule-interval">{t.every}</label>
        <select id="schedule-interval" value={form.interval} onChange={(e) => set('interval')(e.target.value)}>
          <option value="week">{t.week}</option>
          <option value="month">{t.month}</option>
          <option value="year">{t.year}</option>
        </select>
      </div>
      {form.interval === 'year' && (
        <div className="field">
          <label htmlFor="schedule-month">{t.monthOfYear}</label>
          <select id="schedule-month" value={form.month} onChange={(e) => set('month')(e.target.value)}>
            {monthNames(code).map((name, i) => (
              <option key={name} value={i + 1}>
                {name}
              </option>
            ))}
          </select>
        </div>
      )}
      {form.interval === 'week' ? (
        <div className="field">
          <label htmlFor="schedule-day">{t.weekday}</label>
          <select id="schedule-day" value={form.day} onChange={(e) => set('day')(e.target.value)}>
            {weekdayNames(code).map((name, i) => (
              <option key={name} value={i + 1}>
                {name}
              </option>
            ))}
          </select>
        </div>
      ) : (
        <Field id="schedule-day" label={t.day} error={errorOf('day')} hint={t.dayHint}>
          <input id="schedule-day" inputMode="numeric" value={form.day} onChange={(e) => set('day')(e.target.value)} />
        </Field>
      )}
    </div>
  )
}

type PayerEmailForm = { payerEmail: string; payerLanguage: string }

/** Where each period's request is e-mailed and in which language; with e-mail off, what it would add. */
export function PayerEmailFields({
  form,
  set,
  errorOf,
}: {
  form: PayerEmailForm
  set: (field: keyof PayerEmailForm) => (value: string) => void
  errorOf: (field: string) => string | undefined
}) {
  const t = useStore(scheduleFormText)
  const enabled = useEmailEnabled()
  const off = enabled.data === false
  return (
    <>
      <Field id="schedule-email" label={t.email} error={errorOf('payerEmail')} hint={off ? t.emailOff : t.emailOn}>
        <input
          id="schedule-email"
          type="email"
          value={form.payerEmail}
          onChange={(e) => set('payerEmail')(e.target.value)}
        />
      </Field>
      {!off && (
        <div className="field">
          <label htmlFor="schedule-email-language">{t.emailLanguage}</label>
          <select
            id="schedule-email-language"
            value={form.payerLanguage}
            onChange={(e) => set('payerLanguage')(e.target.value)}
          >
            <LanguageOptions />
          </select>
        </div>
      )}
    </>
  )
}
