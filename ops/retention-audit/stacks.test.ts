import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Finding } from '#functions/retention-audit/finding.ts'
import { retentionPolicy } from '#functions/retention-audit/policy.ts'
import { auditTemplates } from '#functions/retention-audit/resources.ts'
import type { StackTemplate } from '#functions/retention-audit/template-pool.ts'
import { retention } from '#infra/retention.ts'
import { productionTemplates } from '#infra/testing/synthesise-app.ts'
import { auditSettings } from './settings.ts'
import { templatesIn } from './templates.ts'

/**
 * The retention audit as the app's shape changes: stacks split apart further (references turned
 * into exports), stacks inside nested stages, and the settings the stack applies read as values.
 */
// biome-ignore lint/suspicious/noExplicitAny: CloudFormation templates are untyped JSON
type Cfn = any

/** Every stack of a stage: the site stack reads the data stack's table and buckets. */
const { stage, good } = productionTemplates()
let dir: string
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'audit-stacks-'))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const failures = (findings: Finding[]) => findings.filter((finding) => finding.status === 'fail')

/**
 * The template split in two as CDK splits stacks: resources `stateful` picks go to a stack of
 * their own, exported; every reference to them from the rest becomes an `Fn::ImportValue`.
 */
function splitStacks(
  whole: StackTemplate,
  stateful: (type: string) => boolean,
): [StackTemplate, StackTemplate] {
  const resources = whole.template.Resources ?? {}
  const moved = new Set(Object.keys(resources).filter((id) => stateful(resources[id].Type)))
  const outputs: Record<string, Cfn> = {}
  const rewrite = (value: Cfn): Cfn => {
    if (Array.isArray(value)) return value.map(rewrite)
    if (!value || typeof value !== 'object') return value
    const getAtt = value['Fn::GetAtt']
    const id =
      typeof value.Ref === 'string' ? value.Ref : Array.isArray(getAtt) ? getAtt[0] : undefined
    if (typeof id === 'string' && moved.has(id)) {
      const name = `Export${id}${Array.isArray(getAtt) ? getAtt[1] : 'Ref'}`.replace(/\W/g, '')
      outputs[name] = { Value: value, Export: { Name: `ElevateDigital-Stateful:${name}` } }
      return { 'Fn::ImportValue': `ElevateDigital-Stateful:${name}` }
    }
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, rewrite(inner)]))
  }
  const pick = (keep: boolean) =>
    Object.fromEntries(Object.entries(resources).filter(([id]) => moved.has(id) === keep))
  const stateless = rewrite(pick(false))
  return [
    { stackName: 'ElevateDigital-Stateful', template: { Resources: pick(true), Outputs: outputs } },
    { stackName: 'ElevateDigital-Stateless', template: { Resources: stateless } },
  ]
}

describe('the retention audit, whatever the stacks', () => {
  it('finds the settings the stack applies within the policy', () => {
    expect(auditSettings(retention, retentionPolicy).filter((f) => f.status !== 'pass')).toEqual([])
  })

  it.each<[string, Partial<Record<keyof typeof retention, number>>, RegExp]>([
    ['a recovery window over the policy', { pointInTimeRecoveryDays: 36 }, /36 days .*limit 35/],
    ['a recovery window DynamoDB refuses', { pointInTimeRecoveryDays: 0 }, /takes 1 to 35 days/],
    ['logs kept for ever', { logs: 9999 }, /logs kept for ever \(limit 30 days\)/],
    ['access logs kept over a year', { accessLogDays: 400 }, /kept 400 days \(limit 90/],
    ['failed events kept a month', { failedEventDays: 30 }, /kept 30 days \(limit 14/],
    ['enquiries kept four years', { enquiryYears: 4 }, /4 years \(the policy: exactly 3\)/],
  ])('names a setting that breaks the policy: %s', (_label, change, detail) => {
    const failed = failures(auditSettings({ ...retention, ...change }, retentionPolicy))
    expect(failed).toHaveLength(1)
    expect(failed[0]?.place).toBe(
      `Retention setting ${Object.keys(change)[0]} (infra/retention.ts)`,
    )
    expect(failed[0]?.detail).toMatch(detail)
  })

  it('follows references from stack to stack: outputs of the data stack, and exports', () => {
    // The site stack split once more, its queue and secret into a stack of their own.
    const [stateful, stateless] = splitStacks(good, (type) =>
      /DynamoDB|S3::Bucket|SES::EmailIdentity|SecretsManager|KMS::Key|SQS::Queue/.test(type),
    )
    const whole = auditTemplates(stage, retentionPolicy)
    const others = stage.filter((stack) => stack !== good)
    const split = auditTemplates([...others, stateful, stateless], retentionPolicy)
    const statuses = (findings: Finding[]) =>
      findings.map((f) => `${f.status} ${f.place.replace(/ElevateDigital(-\w+)?\//, '')}`).sort()
    expect(statuses(split)).toEqual(statuses(whole))
    expect(failures(split)).toEqual([])
    // The buckets placed through the distribution's references to the data stack's outputs, the
    // queue through its import.
    expect(split.map((f) => f.place)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^S3 bucket ElevateDigital-Data\/SiteLogBucket\w+ \(access logs\)$/),
        expect.stringMatching(/^S3 bucket ElevateDigital-Data\/SiteBucket\w+ \(site\)$/),
        expect.stringMatching(/^SQS queue ElevateDigital-Stateful\/\w+ \(failed events\)$/),
      ]),
    )
  })

  it('reads every stack of an assembly, those of nested stages included', () => {
    const outdir = join(dir, 'assembly')
    const nested = join(outdir, 'assembly-Prod')
    mkdirSync(nested, { recursive: true })
    const manifest = (artifacts: Record<string, unknown>) =>
      JSON.stringify({ version: '48.0.0', artifacts })
    writeFileSync(
      join(outdir, 'manifest.json'),
      manifest({
        Prod: { type: 'cdk:cloud-assembly', properties: { directoryName: 'assembly-Prod' } },
        Tree: { type: 'cdk:tree', properties: { file: 'tree.json' } },
      }),
    )
    writeFileSync(
      join(nested, 'manifest.json'),
      manifest({
        // As the CDK writes them: every stack artifact names its environment.
        ProdSite1234: {
          type: 'aws:cloudformation:stack',
          environment: 'aws://unknown-account/eu-west-2',
          properties: { templateFile: 'ProdSite1234.template.json', stackName: 'Agency-Site' },
        },
        ProdData5678: {
          type: 'aws:cloudformation:stack',
          environment: 'aws://unknown-account/eu-west-2',
          properties: { templateFile: 'ProdData5678.template.json' },
        },
      }),
    )
    writeFileSync(join(nested, 'ProdSite1234.template.json'), JSON.stringify(good.template))
    writeFileSync(join(nested, 'ProdData5678.template.json'), JSON.stringify(good.template))
    // Named as CloudFormation names them (other stacks' references use that name), else by id.
    expect(templatesIn(outdir).map((stack) => stack.stackName)).toEqual([
      'Agency-Site',
      'ProdData5678',
    ])
  })
})
