import { Fragment, type ReactNode } from 'react'

const PLACEHOLDER = /\{(\w+)\}/g

/**
 * A translated sentence with its `{name}` placeholders filled by elements (a link, an address in
 * monospace) as well as text. Values are inserted as React children, never parsed: a payee's name or
 * memo can contain anything.
 */
export function fill(template: string, values: Record<string, ReactNode>): ReactNode {
  const parts = template.split(PLACEHOLDER)
  // split with a capture group alternates text and placeholder names.
  return parts.map((part, i) =>
    i % 2 === 0 ? part : <Fragment key={i}>{part in values ? values[part] : `{${part}}`}</Fragment>,
  )
}

/** The same for plain text (a title, an aria-label). */
export function fillText(template: string, values: Record<string, string | number>): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => (name in values ? String(values[name]) : whole))
}
