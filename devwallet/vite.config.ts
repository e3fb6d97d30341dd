import { defineConfig } from 'vite'

// The dev wallet is one classic script injected into the page, so it is built as a single IIFE.
export default defineConfig({
  root: 'devwallet',
  publicDir: 'public',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    minify: false,
    lib: { entry: 'src/inpage.ts', formats: ['iife'], name: 'BillfoldDevWallet', fileName: () => 'inpage.js' },
  },
})
