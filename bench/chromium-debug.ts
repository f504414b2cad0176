import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromiumPath, headlessFlags } from '#tests/browser/chromium-binary.ts'

export interface DebugChromium {
  readonly port: number
  close(): Promise<void>
}

/** Starts Debian's Chromium with a DevTools port for Lighthouse (its own launcher would look for Chrome). */
export async function startDebugChromium(): Promise<DebugChromium> {
  const profile = mkdtempSync(join(tmpdir(), 'bench-chromium-'))
  const child: ChildProcess = spawn(
    chromiumPath,
    [...headlessFlags, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  )
  const port = await new Promise<number>((resolve, reject) => {
    let output = ''
    child.once('error', (error) =>
      reject(
        new Error(
          `Could not start ${chromiumPath} (install it with: apt-get install -y chromium): ${error.message}`,
        ),
      ),
    )
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output)
      if (match) resolve(Number(match[1]))
    })
    child.once('exit', (code) =>
      reject(new Error(`Chromium exited (${code}) before opening DevTools:\n${output}`)),
    )
  })
  return {
    port,
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGKILL')
      await exited
      rmSync(profile, { recursive: true, force: true, maxRetries: 3 })
    },
  }
}
