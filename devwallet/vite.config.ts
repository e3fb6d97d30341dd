import { defineConfig } from 'vite'

// The dev wallet is two classic scripts, each a single IIFE: the wallet in the page and its
// network side in the extension's isolated world (`--mode bridge`).
export default defineConfig(({ mode }) => {
  const bridge = mode === 'bridge'
  return {
    root: 'devwallet',
    publicDir: bridge ? false : 'public',
    build: {
      outDir: 'dist',
      emptyOutDir: !bridge,
      minify: false,
      lib: bridge
        ? {
            entry: 'src/rpcBridge.ts',
            formats: ['iife'],
            name: 'BillfoldDevWalletBridge',
            fileName: () => 'rpcBridge.js',
          }
        : { entry: 'src/inpage.ts', formats: ['iife'], name: 'BillfoldDevWallet', fileName: () => 'inpage.js' },
    },
  }
})
