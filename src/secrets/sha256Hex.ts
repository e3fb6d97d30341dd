import { createHash } from 'node:crypto'

/** What is kept of a bearer secret (a session token, an API key): enough to recognise it, useless to use. */
export const sha256Hex = (secret: string) => createHash('sha256').update(secret).digest('hex')
