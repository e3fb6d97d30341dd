import { expect } from 'vitest'
import { linksOf, startSmtpServer } from '../../../../testing/smtpServer.ts'
import { startTestApp } from '../../../../testing/startTestApp.ts'
import { startTestChain } from '../../../../testing/testChain.ts'
import { alice, graphql, signIn } from '../../../api/testing/graphqlClient.ts'
import { PAYEE_NOTICES } from '../renderEmail.ts'

export const PAYEE_ADDRESS = 'ada@example.com'

/**
 * The app on a chain of its own (every transfer to alice on it is the test's), sending e-mail to a
 * real SMTP server in the test, with retries, polls and the daily checks in milliseconds; alice
 * signed in.
 */
export async function startEmailApp(port: number) {
  const anvil = await startTestChain(port)
  const smtp = await startSmtpServer()
  const app = await startTestApp({
    anvilUrl: anvil.rpcUrl,
    smtpUrl: smtp.url,
    emailFrom: 'billfold@example.com',
    emailDelivery: { retryDelaysMs: [200, 200, 200], pollMs: 100 },
    emailChecks: { everyMs: 300, failingForMs: 500 },
    webhooksAllowPrivate: true,
    webhookDelivery: { retryDelaysMs: [60_000], pollMs: 100, lockMs: 2000, timeoutMs: 2000 },
    rateLimitPerMinute: 0,
  })
  const { cookie } = await signIn(app.url, alice)
  const mailsOf = (subject: RegExp, to = PAYEE_ADDRESS) => smtp.to(to).filter((m) => subject.test(m.subject ?? ''))
  return {
    anvil,
    app,
    smtp,
    cookie,
    mailsOf,
    /** The e-mail whose subject matches, once `count` of them arrived. */
    async waitFor(subject: RegExp, count = 1, to = PAYEE_ADDRESS) {
      await expect.poll(() => mailsOf(subject, to).length, { timeout: 15_000 }).toBe(count)
      return mailsOf(subject, to).at(-1)!
    },
    setEmail: (address: string, notices: readonly string[] = PAYEE_NOTICES) =>
      graphql<{ setMyEmail: { confirmed: boolean } }>(
        app.url,
        'mutation($a: String!, $l: String!, $n: [String!]!) { setMyEmail(address: $a, language: $l, notices: $n) { address confirmed notices } }',
        { variables: { a: address, l: 'en', n: notices }, cookie },
      ),
    /** The payee's address set and confirmed by its link, as a test's setup (no `expect` there). */
    async confirmPayee() {
      await graphql(
        app.url,
        'mutation($a: String!, $n: [String!]!) { setMyEmail(address: $a, language: "en", notices: $n) { confirmed } }',
        { variables: { a: PAYEE_ADDRESS, n: PAYEE_NOTICES }, cookie },
      )
      for (let waited = 0; mailsOf(/^Confirm your address/).length === 0; waited += 50) {
        if (waited > 15_000) throw new Error('no confirmation e-mail arrived')
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      await fetch(linksOf(mailsOf(/^Confirm your address/)[0]!)[0]!, { method: 'POST' })
    },
    async close() {
      await app.close()
      await smtp.close()
      await anvil.stop()
    },
  }
}

/** A second for anything sent twice to arrive. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 1000))
