import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'

export default defineConfig({
  root: 'bench/detection',
  plugins: [react()],
  build: { outDir: '../../dist/bench-detection', emptyOutDir: true },
})
