import { IMAGE_LIMITS, ImageRefusedError } from './imageLimits.ts'
import { measureRaster } from './measureRaster.ts'

export type SvgMeasure = {
  /** The picture's own size in CSS pixels (its width and height, else its viewBox's). */
  width: number
  height: number
  /** Elements once every `<use>` and marker is counted where it is drawn. */
  elements: number
  depth: number
  /** Pixels of the rasters it carries (PNG and JPEG data URLs), together. */
  rasterPixels: number
}

type Element = { name: string; children: number[]; refs: string[]; vertices: number }

const START_TAG = /<([A-Za-z_][\w:.-]*)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/y
const END_TAG = /<\/([A-Za-z_][\w:.-]*)\s*>/y
const ATTRIBUTE = /([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g
const URL_REF = /url\(\s*['"]?#([^'")\s]+)['"]?\s*\)/g
const UNITS: Record<string, number> = {
  '': 1,
  px: 1,
  pt: 4 / 3,
  pc: 16,
  mm: 96 / 25.4,
  cm: 96 / 2.54,
  in: 96,
  em: 16,
  ex: 8,
}

/**
 * What drawing an SVG would take, read from its markup without drawing it (and without building
 * more than a list of its elements): its size, how many elements it draws and how deep they nest.
 * `what` names the image in the sentences of the errors ("The logo").
 */
export function measureSvg(text: string, what: string): SvgMeasure {
  const refuse = (problem: string) => new ImageRefusedError(`${what} ${problem}`)
  // Entities expand where they are used: a few bytes can stand for gigabytes of markup.
  if (/<!ENTITY/i.test(text)) throw refuse('may not declare XML entities (<!ENTITY>); save it again without them.')
  const elements: Element[] = []
  const ids = new Map<string, number>()
  const open: number[] = []
  let root: Record<string, string> | undefined
  let rasterPixels = 0
  let at = 0
  while ((at = text.indexOf('<', at)) !== -1) {
    const skip = (end: string) => {
      const found = text.indexOf(end, at)
      if (found === -1) throw refuse('is not well-formed SVG (something is left open).')
      at = found + end.length
    }
    if (text.startsWith('<!--', at)) skip('-->')
    else if (text.startsWith('<![CDATA[', at)) skip(']]>')
    else if (text.startsWith('<?', at)) skip('?>')
    else if (text.startsWith('<!', at)) {
      // A doctype, with its internal subset in brackets when it has one.
      const [bracket, close] = [text.indexOf('[', at), text.indexOf('>', at)]
      skip(bracket !== -1 && bracket < close ? ']>' : '>')
    } else if (text[at + 1] === '/') {
      END_TAG.lastIndex = at
      if (!END_TAG.exec(text)) throw refuse('is not well-formed SVG (a closing tag cannot be read).')
      at = END_TAG.lastIndex
      open.pop()
    } else {
      START_TAG.lastIndex = at
      const tag = START_TAG.exec(text)
      if (!tag) throw refuse('is not well-formed SVG (a tag cannot be read).')
      at = START_TAG.lastIndex
      const attributes = Object.fromEntries(
        [...tag[2]!.matchAll(ATTRIBUTE)].map((a) => [a[1]!.toLowerCase(), a[2] ?? a[3] ?? '']),
      )
      const name = tag[1]!.replace(/^.*:/, '')
      const index = elements.length
      const href = attributes.href ?? attributes['xlink:href'] ?? ''
      const refs = [...Object.values(attributes).join(' ').matchAll(URL_REF)].map((m) => m[1]!)
      if (name === 'use' && href.startsWith('#')) refs.push(href.slice(1))
      const geometry = `${attributes.d ?? ''} ${attributes.points ?? ''}`
      elements.push({ name, children: [], refs, vertices: geometry.match(/[\d.]+/g)?.length ?? 0 })
      if (attributes.id) ids.set(attributes.id, index)
      if (open.length) elements[open.at(-1)!]!.children.push(index)
      else root ??= attributes
      if (name === 'image') rasterPixels += embeddedPixels(href, refuse)
      if (elements.length > IMAGE_LIMITS.elements)
        throw refuse(`can have at most ${IMAGE_LIMITS.elements} elements; this one has more.`)
      if (!tag[3]) open.push(index)
      if (open.length > IMAGE_LIMITS.depth)
        throw refuse(`can nest its elements at most ${IMAGE_LIMITS.depth} deep; this one nests deeper.`)
    }
  }
  if (!root || elements[0]!.name !== 'svg') throw refuse('must be a PNG or an SVG image.')
  const { elements: count, depth } = expandedSize(elements, ids, refuse)
  if (rasterPixels > IMAGE_LIMITS.pixels)
    throw refuse(
      `can carry rasters of at most ${IMAGE_LIMITS.pixels.toLocaleString('en')} pixels in all; this one carries ${rasterPixels.toLocaleString('en')}.`,
    )
  return { ...svgSize(root), elements: count, depth, rasterPixels }
}

/** Pixels of a raster an `<image>` carries; another SVG, or a raster whose size cannot be read, is refused. */
function embeddedPixels(href: string, refuse: (problem: string) => ImageRefusedError): number {
  const data = /^\s*data:image\/[\w+.-]+;base64,([\s\w+/=]*)$/i.exec(href)
  if (!data) return 0 // Nothing is fetched: a link to a file or a site draws nothing.
  const size = measureRaster(Buffer.from(data[1]!, 'base64'))
  if (!size) throw refuse('may carry only PNG or JPEG images inside it.')
  if (size.width > IMAGE_LIMITS.side || size.height > IMAGE_LIMITS.side)
    throw refuse(
      `carries an image of ${size.width} × ${size.height} pixels; one can be at most ${IMAGE_LIMITS.side} pixels a side.`,
    )
  return size.width * size.height
}

/**
 * Elements and depth as the renderer sees them: a `<use>` draws a copy of what it names, a
 * `url(#…)` paints with what it names, a marker is drawn at each vertex of the shapes that name it.
 * Counts stop growing past the limit, so a reference bomb is measured in as many steps as it has elements.
 */
function expandedSize(elements: Element[], ids: Map<string, number>, refuse: (problem: string) => ImageRefusedError) {
  const cap = IMAGE_LIMITS.elements + 1
  const sizes = new Map<number, { elements: number; depth: number }>()
  const measuring = new Set<number>()
  const size = (index: number): { elements: number; depth: number } => {
    const known = sizes.get(index)
    if (known) return known
    if (measuring.has(index)) throw refuse('refers to itself (a <use> or url(#…) loop).')
    measuring.add(index)
    const element = elements[index]!
    let count = 1
    let depth = 0
    for (const child of element.children) {
      const inner = size(child)
      count = Math.min(cap, count + inner.elements)
      depth = Math.max(depth, inner.depth)
    }
    for (const id of element.refs) {
      const target = ids.get(id)
      if (target === undefined) continue
      const inner = size(target)
      // A marker named by a shape is drawn at each of its vertices (at most), its other references once.
      const times = elements[target]!.name === 'marker' ? Math.max(1, element.vertices) : 1
      count = Math.min(cap, count + inner.elements * times)
      depth = Math.max(depth, inner.depth)
    }
    measuring.delete(index)
    const measured = { elements: count, depth: depth + 1 }
    sizes.set(index, measured)
    return measured
  }
  const total = size(0)
  if (total.elements > IMAGE_LIMITS.elements)
    throw refuse(
      `can draw at most ${IMAGE_LIMITS.elements} elements (each <use> and marker counted where it is drawn); this one draws more.`,
    )
  if (total.depth > IMAGE_LIMITS.depth)
    throw refuse(`can nest its elements at most ${IMAGE_LIMITS.depth} deep (<use> included); this one nests deeper.`)
  return total
}

/** The picture's own size as the renderer takes it: width and height in CSS pixels, else the viewBox's. */
function svgSize(root: Record<string, string>): { width: number; height: number } {
  const box = (root.viewbox ?? '')
    .trim()
    .split(/[\s,]+/)
    .map(Number)
  const viewBox = box.length === 4 && box.every(Number.isFinite) ? { width: box[2]!, height: box[3]! } : undefined
  const length = (raw: string | undefined, ofBox: number | undefined) => {
    const match = /^\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)\s*(px|pt|pc|mm|cm|in|em|ex|%)?\s*$/i.exec(raw ?? '')
    if (!match) return ofBox ?? 100
    const unit = (match[2] ?? '').toLowerCase()
    return unit === '%' ? ((ofBox ?? 100) * Number(match[1])) / 100 : Number(match[1]) * UNITS[unit]!
  }
  return { width: length(root.width, viewBox?.width), height: length(root.height, viewBox?.height) }
}
