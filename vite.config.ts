import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { routeChunkName } from './scripts/routeChunks.ts'
import { screenModules } from './scripts/screenModules.ts'

// The web app; the server serves it and hands it runtime config (see src/server/webApp.ts).
export default defineConfig({
  root: 'src/web',
  plugins: [react(), screenModules()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    // Production serves no source: the built files only.
    sourcemap: false,
    // Tells the server which chunks a route needs, so it can have the browser fetch them with the page.
    manifest: true,
    // The first load and the pay page in one file each, not some forty: each is a round trip on a phone.
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: routeChunkName(), debugName: 'routes' }] } } },
  },
})
