import { statSync } from 'node:fs'

/** Whether `path` is a folder (false for a file, or nothing there, or nothing readable). */
export function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory()
  } catch {
    return false
  }
}
