import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { routeChunkName } from './scripts/routeChunks.ts'
import { screenModules } from './scripts/screenModules.ts'

// The web app; the server serves it and hands it runtime config (see src/server/webApp.ts).
export default defineConfig({
  root: 'src/web',
  // The app is written against React's API and rendered by Preact's compatible one: the same code
  // and libraries, some 58 KB less JavaScript (gzip) before a payer's phone can pay.
  resolve: {
    alias: [
      { find: /^react-dom(\/client)?$/, replacement: 'preact/compat$1' },
      { find: /^react$/, replacement: 'preact/compat' },
      { find: /^react\/jsx(-dev)?-runtime$/, replacement: 'preact/compat/jsx$1-runtime' },
    ],
  },
  // JSX as React's automatic runtime (aliased above); no Fast Refresh, which drives React's renderer only: an edit reloads the page.
  plugins: [react({ refreshExclude: /./ }), screenModules()],
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
