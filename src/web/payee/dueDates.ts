/** A due date as `<input type="datetime-local">` takes it: local time, no zone, to the minute. */
export function localInputValue(date: Date): string {
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16)
}

/** The end of a day (23:59 local): "due on the 1st" means by the end of the 1st, not the time of day it was typed. */
const endOfDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate(), 23, 59)

/** The due dates the create form offers in one click, the first being its default; `label` is the create catalog's key. */
export function dueDatePresets(now = new Date()): { label: 'in7Days' | 'in30Days' | 'endOfMonth'; value: string }[] {
  const inDays = (days: number) => endOfDay(new Date(now.getFullYear(), now.getMonth(), now.getDate() + days))
  const endOfMonth = endOfDay(new Date(now.getFullYear(), now.getMonth() + 1, 0))
  return [
    { label: 'in7Days', value: localInputValue(inDays(7)) },
    { label: 'in30Days', value: localInputValue(inDays(30)) },
    // On the month's last day, its end is hours away: the next month's end instead.
    {
      label: 'endOfMonth',
      value: localInputValue(
        endOfMonth.getDate() === now.getDate()
          ? endOfDay(new Date(now.getFullYear(), now.getMonth() + 2, 0))
          : endOfMonth,
      ),
    },
  ]
}
