import { Template } from 'aws-cdk-lib/assertions'
import { afterAll, beforeAll, expect } from 'vitest'
import { combinations, siteEnv } from './configurations.ts'
import { type Synthesised, synthesise } from './synthesise-app.ts'

export {
  account,
  apiCertificateArn,
  certificateArn,
  combinations,
  edgeCombinations,
  siteEnv,
  zone,
} from './configurations.ts'

/**
 * Every documented combination of settings (docs/deploy.md), each as a stage of its own, and the
 * finders the deployment tests read their templates with.
 */

// biome-ignore lint/suspicious/noExplicitAny: synthesised CloudFormation is untyped JSON
export type Cfn = any

export type Combination = keyof typeof combinations

/**
 * Synthesises the named combinations (every one when none is named) once for the calling test
 * file, as `cdk deploy` would see them, and removes them after its tests.
 */
export function synthesiseCombinations(
  names: readonly Combination[] = Object.keys(combinations) as Combination[],
): Record<Combination, Synthesised> {
  const synths = {} as Record<Combination, Synthesised>
  beforeAll(() => {
    for (const name of names) {
      synths[name] = synthesise({ stages: combinations[name], env: siteEnv })
    }
  }, 600_000)
  afterAll(() => {
    for (const synth of Object.values(synths)) synth.dispose()
  })
  return synths
}

export const resourcesOf = (template: Template, type: string): [string, Cfn][] =>
  Object.entries(template.findResources(type))

export const templatesOf = (synth: Synthesised) =>
  synth.templates.map(({ template }) => Template.fromJSON(template))

/** A function's properties, found by the start of its logical id. */
export function functionNamed(template: Template, prefix: string): Cfn {
  const found = resourcesOf(template, 'AWS::Lambda::Function').filter(([id]) =>
    id.startsWith(prefix),
  )
  expect(found, prefix).toHaveLength(1)
  return found[0]?.[1].Properties
}

/** The ses:SendEmail resources granted to a function's role (whatever policies carry them). */
export function sendEmailResources(template: Template, functionPrefix: string): string[] {
  const role = functionNamed(template, functionPrefix).Role['Fn::GetAtt'][0]
  const statements = resourcesOf(template, 'AWS::IAM::Policy')
    .filter(([, policy]) => policy.Properties.Roles.some((entry: Cfn) => entry.Ref === role))
    .flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement as Cfn[])
    .filter((statement) => [statement.Action].flat().includes('ses:SendEmail'))
  return statements
    .flatMap((statement) => [statement.Resource].flat())
    .map((resource) => JSON.stringify(resource))
}
