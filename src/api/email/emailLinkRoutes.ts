import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Db } from '../../db/createDatabase.ts'
import { readBody } from '../../http/readBody.ts'
import { refuseAddress } from '../../notifications/email/emailConsent.ts'
import { confirmPayeeEmail } from '../../notifications/email/emailSettings.ts'
import type { EmailToken, EmailTokens } from '../../notifications/email/emailTokens.ts'
import { emailCatalog } from '../../notifications/email/emailCatalog.ts'

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

function page(res: ServerResponse, status: number, language: string, title: string, body: string) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
  res.end(
    `<!doctype html><html lang="${escapeHtml(language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`,
  )
}

/**
 * The links e-mails carry, for whoever holds them, without a session: `/email/confirm` (a payee's
 * address) and `/email/unsubscribe` (the recipient refuses all e-mail from this Billfold, for good;
 * a mail client's one-click POST, RFC 8058, works too). A GET only shows a button: link scanners that fetch every link change
 * nothing. Pages in the language the e-mail was written in.
 */
export function createEmailLinkRoutes({ db, tokens }: { db: Db; tokens: EmailTokens }) {
  return async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://x')
    const purpose = url.pathname === '/email/confirm' ? 'confirm' : 'unsubscribe'
    const claim = tokens.read(url.searchParams.get('token') ?? '')
    const text = emailCatalog(claim?.language).page
    const title = purpose === 'confirm' ? text.confirmTitle : text.unsubscribeTitle
    if (!claim || claim.purpose !== purpose)
      return page(res, 400, claim?.language ?? 'en', title, `<p>${escapeHtml(text.invalid)}</p>`)
    const address = escapeHtml(claim.address)
    if (req.method === 'GET' || req.method === 'HEAD') {
      const button = (purpose === 'confirm' ? text.confirmButton : text.unsubscribeButton).replace('{address}', address)
      return page(
        res,
        200,
        claim.language,
        title,
        `<form method="post"><button type="submit">${button}</button></form>`,
      )
    }
    if (req.method !== 'POST') {
      res.writeHead(405, { allow: 'GET, POST' }).end()
      return
    }
    await readBody(req, 1024)
    const done = await act(db, claim)
    if (!done) return page(res, 400, claim.language, title, `<p>${escapeHtml(text.invalid)}</p>`)
    const said = (purpose === 'confirm' ? text.confirmed : text.unsubscribed).replace('{address}', address)
    return page(res, 200, claim.language, title, `<p role="status">${said}</p>`)
  }
}

async function act(db: Db, claim: EmailToken): Promise<boolean> {
  if (claim.purpose === 'confirm') return confirmPayeeEmail(db, claim.payee, claim.address)
  await refuseAddress(db, claim.address)
  return true
}
