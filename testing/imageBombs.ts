/**
 * Images that cost far more to draw than they weigh, each a few bytes to a few KB: what an upload
 * of a logo must measure and refuse before drawing. Shared by the tests and the benchmark.
 */
import { crc32, deflateSync } from 'node:zlib'

const NS = 'xmlns="http://www.w3.org/2000/svg"'
const svg = (markup: string) => Buffer.from(markup)

/** A PNG whose header states `width` × `height` and carries nothing else. */
export function pngHeader(width: number, height: number): Buffer {
  const bytes = Buffer.alloc(33)
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes)
  bytes.writeUInt32BE(13, 8)
  bytes.write('IHDR', 12)
  bytes.writeUInt32BE(width, 16)
  bytes.writeUInt32BE(height, 20)
  bytes.set([8, 6, 0, 0, 0], 24)
  return bytes
}

/** A real PNG of `width` × `height`, one colour: a raster logo as a user uploads it. */
export function solidPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data])
    const framed = Buffer.alloc(body.length + 8)
    framed.writeUInt32BE(data.length, 0)
    body.copy(framed, 4)
    framed.writeUInt32BE(crc32(body), body.length + 4)
    return framed
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8) // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x7a)])
  return Buffer.concat([
    pngHeader(0, 0).subarray(0, 8),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

export const imageBombs: { name: string; bytes: Buffer; refusal: RegExp }[] = [
  {
    // The 98-byte logo that held the server for 11–30 s and kept 2.7 GB: 600 px wide is 600,000 tall.
    name: 'viewBox 1 × 1000',
    bytes: svg(`<svg ${NS} viewBox="0 0 1 1000"><rect width="1" height="1000" fill="#000"/></svg>`),
    refusal: /at most 2000 pixels a side.*600 × 600000/,
  },
  {
    name: 'width 1, height 100000 in',
    bytes: svg(`<svg ${NS} width="1" height="100000in"><rect width="1" height="1"/></svg>`),
    refusal: /at most 2000 pixels a side/,
  },
  {
    name: 'nesting 1000 deep',
    bytes: svg(
      `<svg ${NS} width="10" height="10">${'<g>'.repeat(1000)}<rect width="1" height="1"/>${'</g>'.repeat(1000)}</svg>`,
    ),
    refusal: /nest its elements at most 32 deep/,
  },
  {
    name: '5,000 elements',
    bytes: svg(`<svg ${NS} width="10" height="10">${'<g/>'.repeat(5000)}</svg>`),
    refusal: /at most 2000 elements/,
  },
  {
    // Ten uses of the group before, nine times over: a billion rectangles from 2 KB.
    name: '<use> bomb',
    bytes: svg(
      `<svg ${NS} width="10" height="10"><defs><g id="a0"><rect width="1" height="1"/></g>${Array.from(
        { length: 9 },
        (_, i) => `<g id="a${i + 1}">${`<use href="#a${i}"/>`.repeat(10)}</g>`,
      ).join('')}</defs><use href="#a9"/></svg>`,
    ),
    refusal: /draw at most 2000 elements/,
  },
  {
    name: 'entity bomb',
    bytes: svg(
      `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa">${Array.from({ length: 8 }, (_, i) => `<!ENTITY ${'b'.repeat(i + 1)} "${`&${i ? 'b'.repeat(i) : 'a'};`.repeat(10)}">`).join('')}]><svg ${NS} width="10" height="10"><text>&bbbbbbbb;</text></svg>`,
    ),
    refusal: /may not declare XML entities/,
  },
  {
    name: 'PNG header 100000 × 100000',
    bytes: pngHeader(100_000, 100_000),
    refusal: /at most 2000 pixels a side.*100000 × 100000/,
  },
  {
    name: 'SVG carrying a PNG of 100000 × 100000',
    bytes: svg(
      `<svg ${NS} width="10" height="10"><image width="10" height="10" href="data:image/png;base64,${pngHeader(100_000, 100_000).toString('base64')}"/></svg>`,
    ),
    refusal: /carries an image of 100000 × 100000 pixels/,
  },
]

/** A logo within every measured limit whose drawing runs past its time: a wide blur over the whole picture, two hundred times. */
export const slowLogo = svg(
  `<svg ${NS} width="600" height="2000"><filter id="f" x="-10" y="-10" width="20" height="20"><feGaussianBlur stdDeviation="500"/></filter>${'<rect width="600" height="2000" filter="url(#f)"/>'.repeat(200)}</svg>`,
)

export const dataUrl = (bytes: Buffer) =>
  `data:image/${bytes[0] === 0x89 ? 'png' : 'svg+xml'};base64,${bytes.toString('base64')}`
