import type { Config } from 'vike/types'
import { meta } from './content.ts'

export default {
  title: meta.title,
  description: meta.description,
  keywords: meta.keywords,
} satisfies Config
