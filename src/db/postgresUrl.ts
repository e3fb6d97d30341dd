/** The host part of a PostgreSQL URL as written: one `host:port`, or several separated by commas; no scheme, user or password. */
export const hostsOf = (url: string) => /^[a-z]+:\/\/(?:[^@/]*@)?([^/?#]*)/i.exec(url)?.[1] ?? ''
