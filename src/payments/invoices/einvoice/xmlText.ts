/** Text and attribute values escaped for XML; characters XML 1.0 forbids are dropped. */
export function escapeXml(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
}

type Child = string | false | undefined | null

/**
 * An element with its children (already written elements) or its text; an element with neither is
 * left out, as the norm wants no empty elements (BR-CL and the schemas refuse them).
 */
export function el(name: string, content: string | readonly Child[], attributes: Record<string, string> = {}): string {
  const inner =
    typeof content === 'string' ? escapeXml(content) : content.filter((c): c is string => Boolean(c)).join('\n')
  if (inner === '') return ''
  const attrs = Object.entries(attributes)
    .map(([k, v]) => ` ${k}="${escapeXml(v)}"`)
    .join('')
  return typeof content === 'string' ? `<${name}${attrs}>${inner}</${name}>` : `<${name}${attrs}>\n${inner}\n</${name}>`
}

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n'
