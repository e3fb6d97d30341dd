import type { Page } from 'playwright-core'

/** A GraphQL call from the page, with its session cookie, as the app's own client makes it: the errors it answers. */
export const errorsFrom = (page: Page, query: string) =>
  page.evaluate(async (text) => {
    const response = await fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: text }),
    })
    const body = (await response.json()) as { errors?: { message: string; extensions?: { code?: string } }[] }
    return (body.errors ?? []).map((e) => ({ code: e.extensions?.code, message: e.message }))
  }, query)

/** The error codes of a GraphQL call from the page. */
export const codesFrom = async (page: Page, query: string) => (await errorsFrom(page, query)).map((e) => e.code)
