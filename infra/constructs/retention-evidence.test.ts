import type { Template } from 'aws-cdk-lib/assertions'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { driftReadActions, liveCheckActions } from '#functions/retention-audit/live/permissions.ts'
import { logicalIdOf as idOf, statementsOfRole } from '../testing/site-templates.ts'
import { type Synthesised, synthesise } from '../testing/synthesise-app.ts'
import { EVIDENCE_SCHEDULE } from './retention-evidence.ts'

// biome-ignore lint/suspicious/noExplicitAny: synthesised CloudFormation is untyped JSON
type Cfn = any

/**
 * The monthly retention evidence in every committed stage: the scheduled function, its schedule,
 * the Object Lock bucket, the auditor's role and policy; the function reads and never writes,
 * beyond its own reports and the e-mail to the auditor.
 */
describe('the monthly retention evidence of each stage', () => {
  let synth: Synthesised
  beforeAll(() => {
    synth = synthesise()
  }, 180_000)
  afterAll(() => synth?.dispose())

  const eachStage = () => Object.entries(synth.stages)

  it('is in every stage: a function on the 1st of each month, a locked bucket, an auditor role', () => {
    expect(
      eachStage()
        .map(([name]) => name)
        .sort(),
    ).toEqual(['prod', 'staging'])
    for (const [name, stage] of eachStage()) {
      const site = stage.site
      const fnId = idOf(site, 'AWS::Lambda::Function', 'RetentionEvidenceCheckFunction')
      const [, rule] = Object.entries(site.findResources('AWS::Events::Rule')).find(([id]) =>
        id.startsWith('RetentionEvidenceSchedule'),
      ) as [string, Cfn]
      expect(rule.Properties.ScheduleExpression, name).toBe(EVIDENCE_SCHEDULE)
      expect(rule.Properties.Targets[0].Arn, name).toEqual({ 'Fn::GetAtt': [fnId, 'Arn'] })
      const env = (site.findResources('AWS::Lambda::Function')[fnId] as Cfn).Properties.Environment
        .Variables
      expect(env.STAGE, name).toBe(name)
      expect(
        JSON.parse(env.AUDIT_STACKS).map((s: Cfn) => s.stackName),
        name,
      ).toContain(name === 'prod' ? 'ElevateDigital-Data' : 'ElevateDigital-staging-Data')
      // The reports' bucket: compliance mode, 6 years by default, versioned, retained.
      const bucketId = idOf(stage.data as Template, 'AWS::S3::Bucket', 'EvidenceBucket')
      const bucket = (stage.data as Template).findResources('AWS::S3::Bucket')[bucketId] as Cfn
      expect(bucket.Properties.ObjectLockConfiguration, name).toEqual({
        ObjectLockEnabled: 'Enabled',
        Rule: { DefaultRetention: { Mode: 'COMPLIANCE', Years: 6 } },
      })
      expect(bucket.Properties.VersioningConfiguration, name).toEqual({ Status: 'Enabled' })
      expect(bucket.DeletionPolicy, name).toBe('RetainExceptOnCreate')
      // The auditor's role: assumable within the account, its one policy the check's reads.
      const roleId = idOf(site, 'AWS::IAM::Role', 'RetentionEvidenceAuditorRole')
      const role = site.findResources('AWS::IAM::Role')[roleId] as Cfn
      expect(JSON.stringify(role.Properties.AssumeRolePolicyDocument), name).toMatch(/:root/)
      expect(role.Properties.ManagedPolicyArns, name).toEqual([
        { Ref: idOf(site, 'AWS::IAM::ManagedPolicy', 'RetentionEvidenceAuditorPolicy') },
      ])
      // An alarm to ops on a FAIL or a failed run.
      expect(
        Object.keys(site.findResources('AWS::CloudWatch::Alarm')).some((id) =>
          id.startsWith('RetentionEvidenceAlarm'),
        ),
        name,
      ).toBe(true)
    }
  })

  it('gives the function and the auditor read-only rights: no item, object or secret value', () => {
    const site = synth.stages.prod?.site as Template
    const policyId = idOf(site, 'AWS::IAM::ManagedPolicy', 'RetentionEvidenceAuditorPolicy')
    const policy = site.findResources('AWS::IAM::ManagedPolicy')[policyId] as Cfn
    const auditorActions = (policy.Properties.PolicyDocument.Statement as Cfn[]).flatMap((s) =>
      [s.Action].flat(),
    )
    const readOnly = /^[a-z0-9-]+:(Describe|Get|List|Detect)[A-Za-z]*$|^apigateway:GET$/
    const allowed = new Set([
      ...Object.values(liveCheckActions).flat(),
      ...driftReadActions,
      // Reading the reports themselves.
      's3:GetObject',
      's3:GetObjectRetention',
      's3:ListBucket',
    ])
    for (const action of auditorActions) {
      expect(allowed.has(action), action).toBe(true)
      if (action !== 'dynamodb:Scan') expect(action, action).toMatch(readOnly)
    }
    for (const never of [
      'dynamodb:GetItem',
      'dynamodb:Query',
      'secretsmanager:GetSecretValue',
      'sqs:ReceiveMessage',
    ]) {
      expect(auditorActions).not.toContain(never)
    }
    // The one scan: the timestamps only.
    const scan = (policy.Properties.PolicyDocument.Statement as Cfn[]).find((s) =>
      [s.Action].flat().includes('dynamodb:Scan'),
    )
    expect(scan.Condition).toEqual({
      'ForAllValues:StringEquals': {
        'dynamodb:Attributes': ['id', 'createdAt', 'expiresAt', 'synthetic'],
      },
      StringEquals: { 'dynamodb:Select': 'SPECIFIC_ATTRIBUTES' },
    })
    // The function holds the same policy, and writes only its reports, its logs and the e-mail.
    const roleId = idOf(site, 'AWS::IAM::Role', 'RetentionEvidenceCheckRole')
    expect(policy.Properties.Roles).toEqual([{ Ref: roleId }])
    const writes = statementsOfRole(site, roleId)
      .flatMap((statement) =>
        (statement.Action as string[]).map((action) => ({ action, statement })),
      )
      .filter(({ action }) => !readOnly.test(action))
    expect(writes.map(({ action }) => action).sort()).toEqual([
      'logs:CreateLogStream',
      'logs:PutLogEvents',
      's3:PutObject',
      'ses:SendEmail',
    ])
    const put = writes.find(({ action }) => action === 's3:PutObject')?.statement
    expect(JSON.stringify(put?.Resource)).toMatch(/\/retention-evidence\/\*/)
    const send = writes.find(({ action }) => action === 'ses:SendEmail')?.statement
    expect(send?.Condition['ForAllValues:StringEqualsIgnoreCase']['ses:Recipients']).toEqual([
      'hello@elevate-digital.example',
    ])
  })
})
