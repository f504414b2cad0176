import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { Template } from 'aws-cdk-lib/assertions'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { canaryReadableAttributes } from '#functions/canary/check.ts'
import { canaryMetrics, syntheticEnquiry } from '#shared/synthetic-enquiry.ts'
import { stages as committed } from '../stages.ts'
import { type Cfn, logicalIdOf, statementsOfRole } from '../testing/site-templates.ts'
import { type Synthesised, synthesise } from '../testing/synthesise-app.ts'

/**
 * The canary in every committed stage (infra/stages.ts), as `cdk deploy` would build it, and in a
 * trial stage with its own interval.
 */
let synth: Synthesised | undefined
let trial: Synthesised | undefined
beforeAll(() => {
  synth = synthesise()
  trial = synthesise({ stages: { trial: { canaryIntervalMinutes: 15 } } })
}, 300_000)
afterAll(() => {
  synth?.dispose()
  trial?.dispose()
})

const stageNames = Object.keys(committed)
const siteOf = (name: string): Template => {
  const stage = synth?.stages[name]
  if (!stage) throw new Error(`stage ${name} was synthesised`)
  return stage.site
}
const resources = (template: Template, type: string) =>
  Object.entries(template.findResources(type)) as [string, Cfn][]
const secretReference = (secretId: string) => ({
  'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: secretId }, ':SecretString:::}}']],
})

describe('the canary', () => {
  it('is in every committed stage: a function run hourly through the site’s public URL', () => {
    expect(stageNames.length).toBeGreaterThan(1)
    for (const name of stageNames) {
      const site = siteOf(name)
      const fnId = logicalIdOf(site, 'AWS::Lambda::Function', 'CanaryCheckFunction')
      const fn = site.findResources('AWS::Lambda::Function')[fnId] as Cfn
      expect(fn.Properties.Runtime, name).toBe('nodejs24.x')
      // It ends (and records its metric) before Lambda would stop it: 5 min for the delivery.
      expect(fn.Properties.Timeout).toBeGreaterThan(300)
      expect(fn.Properties.Timeout).toBeLessThanOrEqual(900)
      const env = fn.Properties.Environment.Variables
      expect(Object.keys(env).sort()).toEqual(
        ['ENQUIRIES_TABLE', 'SITE_URL', 'STAGE', syntheticEnquiry.env].sort(),
      )
      expect(env.STAGE).toBe(name)
      expect(JSON.stringify(env.SITE_URL)).toMatch(/https:\/\/|DomainName/)
      const rules = resources(site, 'AWS::Events::Rule').filter(([id]) =>
        id.startsWith('CanarySchedule'),
      )
      expect(rules, name).toHaveLength(1)
      expect(rules[0]?.[1].Properties).toMatchObject({
        ScheduleExpression: 'rate(1 hour)',
        State: 'ENABLED',
        Targets: [
          { Arn: { 'Fn::GetAtt': [fnId, 'Arn'] }, RetryPolicy: { MaximumRetryAttempts: 0 } },
        ],
      })
    }
  })

  it('alarms the ops topic on a failed, late, crashed or missing run, and says so on the dashboard', () => {
    for (const name of stageNames) {
      const site = siteOf(name)
      const alarmId = logicalIdOf(site, 'AWS::CloudWatch::Alarm', 'CanaryAlarm')
      const alarm = (site.findResources('AWS::CloudWatch::Alarm')[alarmId] as Cfn).Properties
      const topic = { Ref: logicalIdOf(site, 'AWS::SNS::Topic', 'Notifications') }
      expect(alarm).toMatchObject({
        AlarmActions: [topic],
        OKActions: [topic],
        Threshold: 1,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        EvaluationPeriods: 2,
        DatapointsToAlarm: 1,
        TreatMissingData: 'breaching',
      })
      const queries = alarm.Metrics as Cfn[]
      expect(queries.find((query) => query.Expression)?.Expression).toBe(
        'MAX([FILL(failed, REPEAT), errors])',
      )
      const failed = queries.find((query) => query.Id === 'failed')?.MetricStat
      expect(failed).toMatchObject({
        Metric: {
          MetricName: canaryMetrics.failed,
          Dimensions: expect.arrayContaining([
            { Name: 'service', Value: 'canary' },
            { Name: 'stage', Value: name },
          ]),
        },
        Period: 3600,
        Stat: 'Maximum',
      })
      const dashboard = JSON.stringify(resources(site, 'AWS::CloudWatch::Dashboard')[0]?.[1])
      expect(dashboard).toContain(canaryMetrics.failed)
      expect(dashboard).toContain(alarmId)

      const outputs = site.toJSON().Outputs
      expect(outputs.CanaryAlarmName.Value).toEqual({ Ref: alarmId })
      expect(outputs.CanaryName.Value).toEqual({
        Ref: logicalIdOf(site, 'AWS::Lambda::Function', 'CanaryCheckFunction'),
      })
    }
  })

  it('runs as often as the stage says', () => {
    const site = trial?.stages.trial?.site as Template
    const [, rule] = resources(site, 'AWS::Events::Rule').find(([id]) =>
      id.startsWith('CanarySchedule'),
    ) as [string, Cfn]
    expect(rule.Properties.ScheduleExpression).toBe('rate(15 minutes)')
    const [, alarm] = resources(site, 'AWS::CloudWatch::Alarm').find(([id]) =>
      id.startsWith('CanaryAlarm'),
    ) as [string, Cfn]
    expect(
      alarm.Properties.Metrics.find((query: Cfn) => query.Id === 'failed').MetricStat.Period,
    ).toBe(900)
  })

  it('holds its synthetic key in a secret generated at deploy time, never in a template', () => {
    for (const name of stageNames) {
      const site = siteOf(name)
      const secretId = logicalIdOf(site, 'AWS::SecretsManager::Secret', 'ContactApiSyntheticKey')
      const secret = site.findResources('AWS::SecretsManager::Secret')[secretId] as Cfn
      expect(secret.Properties.GenerateSecretString).toMatchObject({
        PasswordLength: 48,
        ExcludePunctuation: true,
      })
      expect(secret.Properties).not.toHaveProperty('SecretString')
      // The canary and the contact function hold the same key, as a dynamic reference only.
      for (const prefix of ['CanaryCheckFunction', 'ContactApiContactFunction']) {
        const fnId = logicalIdOf(site, 'AWS::Lambda::Function', prefix)
        const fn = site.findResources('AWS::Lambda::Function')[fnId] as Cfn
        expect(fn.Properties.Environment.Variables[syntheticEnquiry.env], prefix).toEqual(
          secretReference(secretId),
        )
      }
      // No other function has it.
      const holders = resources(site, 'AWS::Lambda::Function').filter(
        ([, fn]) => fn.Properties.Environment?.Variables?.[syntheticEnquiry.env],
      )
      expect(holders).toHaveLength(2)
    }
    // No template anywhere in the assembly holds a secret value in clear.
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((entry) => {
        const path = join(dir, entry)
        return statSync(path).isDirectory() ? files(path) : [path]
      })
    for (const file of files(synth?.outdir as string).filter((path) =>
      path.endsWith('.template.json'),
    )) {
      expect(readFileSync(file, 'utf8'), file).not.toMatch(/"SecretString"\s*:/)
    }
  })

  it('may read only the status fields of one enquiry at a time, and nothing else', () => {
    for (const name of stageNames) {
      const site = siteOf(name)
      const roleId = logicalIdOf(site, 'AWS::IAM::Role', 'CanaryCheckRole')
      const role = (site.findResources('AWS::IAM::Role')[roleId] as Cfn).Properties
      expect(role.ManagedPolicyArns).toBeUndefined()
      expect(role.Policies).toBeUndefined()
      const statements = statementsOfRole(site, roleId)
      const actions = statements.flatMap((statement) => statement.Action).sort()
      expect(actions).toEqual(['dynamodb:GetItem', 'logs:CreateLogStream', 'logs:PutLogEvents'])
      const read = statements.find((statement) => statement.Action.includes('dynamodb:GetItem'))
      expect(read.Condition).toEqual({
        'ForAllValues:StringEquals': { 'dynamodb:Attributes': [...canaryReadableAttributes] },
        StringEqualsIfExists: { 'dynamodb:Select': 'SPECIFIC_ATTRIBUTES' },
      })
      // The table itself: no index, no wildcard.
      expect(JSON.stringify(read.Resource)).not.toMatch(/index|\*/)
    }
  })

  it('passes the cdk-nag checks', () => {
    const canaryFindings = (synth?.violations ?? []).filter((violation) =>
      violation.violatingConstructs.some((construct) =>
        construct.constructPath.includes('/Canary'),
      ),
    )
    expect(canaryFindings).toEqual([])
  })
})
