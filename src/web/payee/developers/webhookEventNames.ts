/** Each webhook event as the payee would say it, in `names` (the shown language's); an event they do not know shows as its identifier. */
export const eventName = (names: Readonly<Record<string, string>>, type: string): string => names[type] ?? type
