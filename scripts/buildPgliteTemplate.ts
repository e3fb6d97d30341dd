import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { dumpMigratedPglite } from '../src/db/createDatabase.ts'

// The empty, migrated PGlite data folder a first start unpacks: beside the prebuilt server (`npm run
// build`), or at the path given (at install, node_modules/.cache/billfold/ for `npm start`).
const root = fileURLToPath(new URL('../', import.meta.url))
const target = resolve(root, process.argv[2] ?? 'dist/server/pglite-template.tar.gz')
const dump = await dumpMigratedPglite()
mkdirSync(dirname(target), { recursive: true })
writeFileSync(target, Buffer.from(await dump.arrayBuffer()))
console.log(`${relative(root, target)}  ${(dump.size / 1024 / 1024).toFixed(1)} MB`)
