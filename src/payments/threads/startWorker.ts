import { existsSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { Worker, type WorkerOptions } from 'node:worker_threads'

/**
 * A thread running the module `name` of the folder of `besideUrl` (a caller's `import.meta.url`):
 * the built `name.js` beside the production server, or the TypeScript source through tsx's loader
 * (registered in that thread) when running from source.
 */
export function startWorker(besideUrl: string, name: string, options: WorkerOptions = {}): Worker {
  // Not a literal `new URL('./x.js', import.meta.url)`: the bundler would copy that as an asset.
  const file = (extension: string) => fileURLToPath(new URL(`./${name}.${extension}`, besideUrl))
  if (existsSync(file('js'))) return new Worker(file('js'), options)
  const source = JSON.stringify(pathToFileURL(file('ts')).href)
  return new Worker(`import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${source}) })`, {
    ...options,
    eval: true,
  })
}
