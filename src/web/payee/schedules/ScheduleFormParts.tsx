import { LanguageOptions } from '../../components/LanguageOptions.tsx'
import { Field } from '../../components/Field.tsx'
import { useEmailEnabled } from '../email/emailOperations.ts'
import { MONTHS, WEEKDAYS } from './scheduleOperations.ts'

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
  return (
    <div className="row">
      <div className="field">
        <label htmlFor="schedule-interval">Every</label>
        <select id="schedule-interval" value={form.interval} onChange={(e) => set('interval')(e.target.value)}>
          <option value="week">week</option>
          <option value="month">month</option>
          <option value="year">year</option>
        </select>
      </div>
      {form.interval === 'year' && (
        <div className="field">
          <label htmlFor="schedule-month">Month</label>
          <select id="schedule-month" value={form.month} onChange={(e) => set('month')(e.target.value)}>
            {MONTHS.map((name, i) => (
              <option key={name} value={i + 1}>
                {name}
              </option>
            ))}
          </select>
        </div>
      )}
      {form.interval === 'week' ? (
        <div className="field">
          <label htmlFor="schedule-day">On</label>
          <select id="schedule-day" value={form.day} onChange={(e) => set('day')(e.target.value)}>
            {WEEKDAYS.map((name, i) => (
              <option key={name} value={i + 1}>
                {name}
              </option>
            ))}
          </select>
        </div>
      ) : (
        <Field
          id="schedule-day"
          label="On day"
          error={errorOf('day')}
          hint="A month without this day uses its last day (the 31st: 30 April, 28 or 29 February)."
        >
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
  const enabled = useEmailEnabled()
  const off = enabled.data === false
  return (
    <>
      <Field
        id="schedule-email"
        label="Payer’s e-mail (optional)"
        error={errorOf('payerEmail')}
        hint={
          off
            ? 'E-mail is off on this Billfold, so nothing is sent here yet; once whoever runs it connects a mail server, each period’s request is sent to this address.'
            : 'Each period’s request is sent here, with its pay link.'
        }
      >
        <input
          id="schedule-email"
          type="email"
          value={form.payerEmail}
          onChange={(e) => set('payerEmail')(e.target.value)}
        />
      </Field>
      {!off && (
        <div className="field">
          <label htmlFor="schedule-email-language">In</label>
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
