/**
 * Spreadsheets run a cell that starts with = + - @ as a formula: such text is prefixed with an
 * apostrophe, which they show as plain text. Amounts and addresses never start that way.
 */
export const safeText = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text)
