import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { App } from 'aws-cdk-lib'
import { assembleApp } from './assemble-app.ts'
import { contextKeys } from './stage-selection.ts'

// The only place that reads CDK context and the environment; everything else takes plain props.
const app = new App()

const siteDirectory = fileURLToPath(new URL('../dist/client/', import.meta.url))
if (!existsSync(`${siteDirectory}index.html`)) {
  // Deploying an empty folder would replace the live site with nothing.
  throw new Error(
    `The built site is missing (${siteDirectory}index.html). Run \`npm run build\` first; ` +
      '`npm run synth`, `npm run diff` and `npm run deploy` do it for you.',
  )
}

assembleApp(app, {
  context: Object.fromEntries(contextKeys.map((key) => [key, app.node.tryGetContext(key)])),
  env: process.env,
  siteDirectory,
})
