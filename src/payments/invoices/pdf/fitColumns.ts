/** A column of figures: its heading's width and each cell's width, measured at the size given. */
export type MeasuredColumn = { header: number; cells: (size: number) => number[] }

/** The sizes tried for figures before they are wrapped: the text's, then smaller. */
export const FIGURE_SIZES = [9, 8, 7] as const

/**
 * The widths of a table's figure columns and the size their cells are drawn at, so every figure the
 * invoice rules allow fits its column: each column as wide as its widest cell at the largest size
 * where all fit beside a description of at least `minDescription`; past the smallest size the room
 * goes to the narrow columns whole and the widest figures wrap inside their column, never over a neighbour.
 */
export function fitColumns(columns: readonly MeasuredColumn[], room: number, minDescription: number, gap: number) {
  const available = room - minDescription - gap * columns.length
  for (const size of FIGURE_SIZES) {
    const widths = columns.map((c) => Math.max(c.header, ...c.cells(size)))
    if (sum(widths) <= available) return { size, widths }
  }
  const size = FIGURE_SIZES.at(-1)!
  const natural = columns.map((c) => Math.max(c.header, ...c.cells(size)))
  // Narrow columns first get all they need; the widest share what is left equally and wrap in it.
  const widths = [...natural]
  let left = available
  const order = natural.map((_, i) => i).sort((a, b) => natural[a]! - natural[b]!)
  order.forEach((column, k) => {
    widths[column] = Math.max(columns[column]!.header, Math.min(natural[column]!, left / (order.length - k)))
    left -= widths[column]!
  })
  return { size, widths }
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0)
