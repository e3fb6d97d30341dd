import { enPayer } from './enPayer.ts'
import { enShell } from './enShell.ts'

/**
 * Everything the payer's pages (pay page, receipt) and the connect dialog say, in English: the base
 * every other catalog translates key for key (TypeScript checks none is missing). `{name}` marks a
 * value filled in at runtime; a catalog keeps the same placeholders (checked by catalogs.test.ts).
 * In two parts, so the first load carries only the frame's words.
 */
export const en = { ...enShell, ...enPayer }

export type Catalog = typeof en
