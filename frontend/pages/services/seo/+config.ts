import type { Config } from 'vike/types'
import { servicePages } from '../content.ts'

const { meta } = servicePages.seo

export default {
  title: meta.title,
  description: meta.description,
  keywords: meta.keywords,
} satisfies Config
