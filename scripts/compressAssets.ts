import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

// Part of `npm run build`: a .br and a .gz beside each built text file, which the server sends to
// browsers that accept them (a pay link on a slow phone loads a quarter of the bytes). The peers
// bench compresses the peers' builds the same way, naming their folder.
const root = process.argv[2] ?? new URL('../dist/web/', import.meta.url).pathname
let raw = 0
let brotli = 0
const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) =>
    statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : [join(dir, name)],
  )
for (const file of walk(root).filter((f) => /\.(js|css|svg|json|html|wasm)$/.test(f) && !f.includes('/.vite/'))) {
  const content = readFileSync(file)
  const br = brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
  writeFileSync(`${file}.br`, br)
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }))
  raw += content.length
  brotli += br.length
}
console.log(`${root} compressed: ${(raw / 1024).toFixed(0)} KB → ${(brotli / 1024).toFixed(0)} KB brotli`)
