/** Whether two addresses are the same account, whatever their letter case (checksummed or not). */
export const sameAddress = (a: string | null | undefined, b: string | null | undefined): boolean =>
  a !== undefined && a !== null && b !== undefined && b !== null && a.toLowerCase() === b.toLowerCase()
