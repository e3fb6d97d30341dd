import { defineConfig } from 'vite'

// WalletConnect pairing, built apart from the app so it costs the first page load nothing.
export default defineConfig({
  build: {
    outDir: 'dist/web/walletconnect',
    emptyOutDir: true,
    // Production serves no source: the built files only.
    sourcemap: false,
    lib: {
      entry: 'src/web/walletconnect/walletConnectSession.ts',
      formats: ['es'],
      fileName: () => 'walletConnectSession.js',
    },
  },
})
