import type { AddressInfo } from 'node:net'
import { simpleParser, type ParsedMail } from 'mailparser'
import { SMTPServer } from 'smtp-server'

/**
 * An operator's SMTP server on loopback (the `smtp-server` package, no TLS, no login), keeping each
 * message as `mailparser` reads it. `refuse(n)` answers the next n messages with a temporary
 * failure (451), as a busy or greylisting server does.
 */
export async function startSmtpServer() {
  const received: ParsedMail[] = []
  let refusals = 0
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      if (refusals > 0) {
        refusals--
        stream.resume()
        const error = Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 })
        stream.on('end', () => callback(error))
        return
      }
      simpleParser(stream)
        .then((mail) => {
          received.push(mail)
          callback()
        })
        .catch((error: Error) => callback(error))
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.server.address() as AddressInfo).port
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuse: (count: number) => {
      refusals = count
    },
    /** The messages sent to an address. */
    to: (address: string) =>
      received.filter((m) =>
        [m.to].flat().some((to) => to?.value.some((v) => v.address?.toLowerCase() === address.toLowerCase())),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** Every link an e-mail carries, in its text and its HTML. */
export const linksOf = (mail: ParsedMail) => [
  ...Array.from((mail.text ?? '').matchAll(/https?:\/\/\S+/g), (m) => m[0]),
  ...Array.from(String(mail.html).matchAll(/href="([^"]+)"/g), (m) => m[1]!.replaceAll('&amp;', '&')),
]

/** The List-Unsubscribe header's link, as a mail client reads it. */
export const unsubscribeLinkOf = (mail: ParsedMail) =>
  /<([^>]+)>/.exec(mail.headerLines.find((h) => h.key === 'list-unsubscribe')?.line ?? '')?.[1]
