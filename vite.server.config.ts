import { cpSync } from 'node:fs'
import { defineConfig } from 'vite'
import { bundledServerPackages } from './scripts/serverBundle.mjs'

// The server, prebuilt for `npm run start:production`: one ES module for Node, dependencies left
// to node_modules, the SQL migrations and functions beside it (createDatabase reads them from its own folder).
export default defineConfig({
  ssr: { noExternal: bundledServerPackages },
  build: {
    ssr: true,
    outDir: 'dist/server',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: false,
    // The server, and its threads started by name beside it: the one that signs for API keys'
    // delegates, the one that draws an uploaded image and the one that draws invoices' PDFs.
    rollupOptions: {
      input: {
        main: 'src/server/main.ts',
        signingWorker: 'src/merchants/signing/signingWorker.ts',
        imageWorker: 'src/payments/images/imageWorker.ts',
        pdfWorker: 'src/payments/invoices/pdf/pdfWorker.ts',
      },
      output: { entryFileNames: '[name].js' },
    },
  },
  plugins: [
    {
      name: 'copy-migrations',
      closeBundle: () => {
        cpSync('src/db/migrations', 'dist/server/migrations', { recursive: true })
        cpSync('src/db/functions.sql', 'dist/server/functions.sql')
      },
    },
  ],
})
