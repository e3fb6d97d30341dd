// `npm start`: the server from source, as one ES module that esbuild bundles from the TypeScript
// (viem and Yoga tree-shaken in, as the production build does) and keeps until a source changes.
// Loading the sources module by module through a TypeScript loader took seconds at every start.
// `node scripts/start.mjs --prepare` only brings the bundle up to date (run at install).
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { build } from 'esbuild'
import { isBundledServerPackage } from './serverBundle.mjs'

const root = fileURLToPath(new URL('../', import.meta.url))
const entry = join(root, 'src/server/main.ts')
const folder = join(root, 'node_modules/.cache/billfold/server')
const outfile = join(folder, 'main.mjs')
const inputsFile = join(folder, 'inputs.json')

/** Whether the bundle is older than any file it was made from, or than the installed packages. */
function stale() {
  if (!existsSync(outfile) || !existsSync(inputsFile)) return true
  const built = statSync(outfile).mtimeMs
  const inputs = [...JSON.parse(readFileSync(inputsFile, 'utf8')), 'package-lock.json']
  return inputs.some((input) => !existsSync(join(root, input)) || statSync(join(root, input)).mtimeMs > built)
}

// Each source keeps its own `import.meta.url`: the migrations, the web app and the signing worker are
// found beside the source file that names them, not beside the bundle.
const sourceUrls = {
  name: 'source-urls',
  setup(b) {
    b.onLoad({ filter: /\.tsx?$/ }, async ({ path }) => ({
      contents: (await readFile(path, 'utf8')).replaceAll('import.meta.url', JSON.stringify(pathToFileURL(path).href)),
      loader: path.endsWith('x') ? 'tsx' : 'ts',
    }))
  },
}
const dependencies = {
  name: 'dependencies',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, ({ path }) =>
      isBundledServerPackage(path) ? undefined : { path, external: true },
    )
  },
}

async function bundle() {
  const result = await build({
    absWorkingDir: root,
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile,
    write: false,
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
    plugins: [sourceUrls, dependencies],
    // Bundled CommonJS code asks for `require`.
    banner: {
      js: "import { createRequire as createBundleRequire } from 'node:module'; const require = createBundleRequire(import.meta.url);",
    },
  })
  mkdirSync(folder, { recursive: true })
  // Written aside and renamed: servers starting side by side (tests) never read a half-written bundle.
  const writeAtomically = (path, contents) => {
    const aside = `${path}.${process.pid}`
    writeFileSync(aside, contents)
    renameSync(aside, path)
  }
  for (const file of result.outputFiles.filter((f) => f.path.endsWith('.map')))
    writeAtomically(file.path, file.contents)
  writeAtomically(inputsFile, JSON.stringify(Object.keys(result.metafile.inputs)))
  for (const file of result.outputFiles.filter((f) => !f.path.endsWith('.map')))
    writeAtomically(file.path, file.contents)
}

if (stale()) await bundle()
if (!process.argv.includes('--prepare')) {
  process.setSourceMapsEnabled(true)
  await import(pathToFileURL(outfile).href)
}
