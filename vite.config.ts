import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'

// The web app. WALLETCONNECT_PROJECT_ID is exposed to the browser on purpose: it is a public id.
export default defineConfig({
  root: 'src/web',
  envPrefix: ['VITE_', 'WALLETCONNECT_'],
  plugins: [react()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: true,
  },
})
