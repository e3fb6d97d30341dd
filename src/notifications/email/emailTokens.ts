import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto'

/** What a link in an e-mail may do: confirm a payee's address (expires), or refuse all e-mail to an address, for good. */
export type EmailToken =
  | { purpose: 'confirm'; payee: string; address: string; language: string; expiresAt: number }
  | { purpose: 'unsubscribe'; address: string; language: string }

const CONFIRM_HOURS = 48

/**
 * Signed links for e-mails, checked without a session or a stored secret: the claim as base64url
 * JSON and its HMAC-SHA-256 under a key derived from SECRET_KEY. A copy of the database holds none.
 */
export function createEmailTokens(secretKey: string) {
  const key = Buffer.from(hkdfSync('sha256', secretKey, 'billfold', 'e-mail links', 32))
  const mac = (body: string) => createHmac('sha256', key).update(body).digest()
  return {
    confirmToken: (payee: string, address: string, language: string, now = Date.now()) =>
      sign({ purpose: 'confirm', payee, address, language, expiresAt: now + CONFIRM_HOURS * 3600_000 }),
    unsubscribeToken: (address: string, language: string) => sign({ purpose: 'unsubscribe', address, language }),
    /** The token's claim if it is ours and still valid, else undefined. */
    read(token: string, now = Date.now()): EmailToken | undefined {
      const [body, signature] = token.split('.')
      if (!body || !signature || token.length > 2000) return undefined
      const expected = mac(body)
      const given = Buffer.from(signature, 'base64url')
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined
      const claim = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as EmailToken
      if (claim.purpose === 'confirm' && claim.expiresAt <= now) return undefined
      return claim
    },
  }
  function sign(claim: EmailToken): string {
    const body = Buffer.from(JSON.stringify(claim)).toString('base64url')
    return `${body}.${mac(body).toString('base64url')}`
  }
}

export type EmailTokens = ReturnType<typeof createEmailTokens>
