import react from '@vitejs/plugin-react'
import vike from 'vike/plugin'
import { defineConfig } from 'vite'
import { scriptsAfterPaintPlugin } from '#frontend/scripts-after-paint-plugin.ts'
import { sitemapPlugin } from '#frontend/seo/sitemap-plugin.ts'

export default defineConfig({
  root: 'frontend',
  publicDir: 'public',
  plugins: [vike(), react(), sitemapPlugin(), scriptsAfterPaintPlugin()],
  // BUILD_OUT_DIR lets the browser tests build into a folder of their own.
  build: { outDir: process.env.BUILD_OUT_DIR ?? '../dist', emptyOutDir: true },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // The shell's modules in one chunk: left to itself, the bundler splits them by which
            // page bundles share them, and a visit walks a chain of four tiny files, one round
            // trip each (docs/decisions/0007-one-shell-chunk.md).
            codeSplitting: {
              groups: [{ name: 'shell', test: /[\\/]frontend[\\/](shell|consent|analytics)[\\/]/ }],
            },
          },
        },
      },
    },
  },
})
