/** One CSV field: quoted when it holds a comma, a quote or a line break; a leading formula sign defused. */
const field = (value: string) => {
  const safe = /^[=+\-@]/.test(value) ? `'${value}` : value
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

export type ReportRow = {
  at: string
  saleId: string
  requestId: string
  status: string
  subtotal: string
  tip: string
  total: string
  received: string
  tipReceived: string
}

/** The day's sales as CSV: plain decimals (no grouping), the till's unit and the token named in the header. */
export function reportCsv(rows: readonly ReportRow[], unit: string, token: string): string {
  const header = [
    'time',
    'sale',
    'request',
    'status',
    `subtotal_${unit}`,
    `tip_${unit}`,
    `total_${unit}`,
    `received_${token}`,
    `tip_received_${token}`,
  ]
  const lines = rows.map((r) =>
    [r.at, r.saleId, r.requestId, r.status, r.subtotal, r.tip, r.total, r.received, r.tipReceived].map(field).join(','),
  )
  return [header.join(','), ...lines].join('\r\n') + '\r\n'
}
