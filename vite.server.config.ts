import { cpSync } from 'node:fs'
import { defineConfig } from 'vite'

// The server, prebuilt for `npm run start:production`: one ES module for Node, dependencies left
// to node_modules, the SQL migrations beside it (createDatabase reads them from its own folder).
export default defineConfig({
  build: {
    ssr: 'src/server/main.ts',
    outDir: 'dist/server',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: false,
    rollupOptions: { output: { entryFileNames: 'main.js' } },
  },
  plugins: [
    {
      name: 'copy-migrations',
      closeBundle: () => cpSync('src/db/migrations', 'dist/server/migrations', { recursive: true }),
    },
  ],
})
