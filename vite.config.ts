import react from '@vitejs/plugin-react'
import vike from 'vike/plugin'
import { defineConfig } from 'vite'
import { sitemapPlugin } from './frontend/seo/sitemap-plugin.ts'

export default defineConfig({
  root: 'frontend',
  publicDir: 'public',
  plugins: [vike(), react(), sitemapPlugin()],
  // BUILD_OUT_DIR lets the browser tests build into a folder of their own.
  build: { outDir: process.env.BUILD_OUT_DIR ?? '../dist', emptyOutDir: true },
})
