import { spawn, spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const NGINX = ['/usr/sbin/nginx', 'nginx'].find((bin) => spawnSync(bin, ['-v']).status === 0)

/** Why the proxy tests cannot run here, if they cannot (CI installs nginx with scripts/install-system-deps.sh). */
export const nginxUnavailableReason = () => (NGINX ? undefined : 'nginx is not installed')

/**
 * Debian's nginx in front of `upstreams` (host:port) on `port`, configured as the README tells an
 * operator to: the Host and X-Forwarded-For headers passed on, no buffering (live status is a
 * server-sent event stream), and the next server tried when one is down.
 */
export async function startNginx(port: number, upstreams: readonly string[]) {
  const dir = mkdtempSync(join(tmpdir(), 'billfold-nginx-'))
  for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, temp))
  const asRoot = process.getuid?.() === 0
  writeFileSync(
    join(dir, 'nginx.conf'),
    `${asRoot ? 'user root;\n' : ''}pid ${dir}/nginx.pid;
error_log stderr warn;
worker_processes 1;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream billfold {
${upstreams.map((u) => `    server ${u} max_fails=1 fail_timeout=5s;`).join('\n')}
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://billfold;
      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header Connection "";
      proxy_buffering off;
      proxy_read_timeout 1h;
      proxy_next_upstream error timeout http_502 http_503;
    }
  }
}
`,
  )
  const child = spawn(NGINX!, ['-e', 'stderr', '-p', dir, '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += String(chunk)))
  const url = `http://127.0.0.1:${port}`
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${stderr}`)
    if (
      await fetch(`${url}/healthz`).then(
        () => true,
        () => false,
      )
    )
      break
    if (i > 100) throw new Error(`nginx did not answer: ${stderr}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return {
    url,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
