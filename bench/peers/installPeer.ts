import { execFile } from 'node:child_process'
import { existsSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'

/**
 * Installs a peer's app from its own lockfile (the npm registry only) when its node_modules is
 * missing or older than the lockfile. The peers' dependencies stay out of Billfold's own tree.
 */
export async function installPeer(folder: string) {
  const installed = join(folder, 'node_modules', '.package-lock.json')
  const lock = join(folder, 'package-lock.json')
  if (existsSync(installed) && statSync(installed).mtimeMs >= statSync(lock).mtimeMs) return
  console.log(`  (installing ${folder} from its lockfile)`)
  await promisify(execFile)('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: folder,
    maxBuffer: 1 << 24,
  })
}
