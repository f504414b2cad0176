import type { Config } from 'vike/types'
import { page } from './content.ts'

export default {
  title: page.meta.title,
  description: page.meta.description,
  keywords: page.meta.keywords,
} satisfies Config
