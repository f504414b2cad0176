import type { Config } from 'vike/types'
import { notFound } from './content.ts'

// Only the 404 page is prerendered (as 404.html); its metadata is set here.
export default {
  title: notFound.title,
  description: notFound.description,
  keywords: notFound.keywords,
} satisfies Config
