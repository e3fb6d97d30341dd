import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'

// The web app; the server serves it and hands it runtime config (see src/server/webApp.ts).
export default defineConfig({
  root: 'src/web',
  plugins: [react()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    // Production serves no source: the built files only.
    sourcemap: false,
    // Tells the server which chunks a route needs, so it can have the browser fetch them with the page.
    manifest: true,
  },
})
