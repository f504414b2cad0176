import react from '@vitejs/plugin-react'
import vike from 'vike/plugin'
import { defineConfig } from 'vite'

export default defineConfig({
  root: 'frontend',
  publicDir: 'public',
  plugins: [vike(), react()],
  build: { outDir: '../dist', emptyOutDir: true },
})
