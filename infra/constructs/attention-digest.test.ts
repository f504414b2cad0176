import { Match, type Template } from 'aws-cdk-lib/assertions'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseDeployConfig } from '../config.ts'
import { type Synthesised, synthesise } from '../testing/synth.ts'
import { DEFAULT_DIGEST_SCHEDULE } from './attention-digest.ts'

// biome-ignore lint/suspicious/noExplicitAny: synthesised CloudFormation is untyped JSON
type Cfn = any

function idOf(template: Template, type: string, prefix: string): string {
  const ids = Object.keys(template.findResources(type)).filter((id) => id.startsWith(prefix))
  expect(ids, `one ${type} named ${prefix}*`).toHaveLength(1)
  return ids[0] as string
}

describe('the digest to the agency in the deployed stack', () => {
  let synth: Synthesised
  let rescheduled: Synthesised
  let template: Template
  beforeAll(() => {
    synth = synthesise()
    rescheduled = synthesise({ context: { digestSchedule: 'cron(30 7 ? * MON-FRI *)' } })
    template = synth.site
  }, 180_000)
  afterAll(() => {
    synth?.dispose()
    rescheduled?.dispose()
  })

  it('runs daily by default, and on the schedule the deployment names', () => {
    const fnId = idOf(template, 'AWS::Lambda::Function', 'DigestSendFunction')
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: DEFAULT_DIGEST_SCHEDULE,
      Targets: [
        Match.objectLike({
          Arn: { 'Fn::GetAtt': [fnId, 'Arn'] },
          RetryPolicy: { MaximumRetryAttempts: 2 },
        }),
      ],
    })
    expect(DEFAULT_DIGEST_SCHEDULE).toBe('cron(0 8 * * ? *)')
    rescheduled.site.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'cron(30 7 ? * MON-FRI *)',
      Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [fnId, 'Arn'] } })],
    })
  })

  it('refuses a schedule EventBridge would not take, naming the setting', () => {
    expect(() => parseDeployConfig({ digestSchedule: 'every morning' }, {})).toThrow(
      /digestSchedule: an EventBridge schedule/,
    )
  })

  it('sends as the enquiry e-mails do, and may read only the needs-attention enquiries', () => {
    const fnId = idOf(template, 'AWS::Lambda::Function', 'DigestSendFunction')
    const fn = template.findResources('AWS::Lambda::Function')[fnId] as Cfn
    expect(fn.Properties).toMatchObject({
      Runtime: 'nodejs24.x',
      Architectures: ['arm64'],
      Timeout: 60,
    })
    expect(fn.Properties.Environment.Variables).toMatchObject({
      ENQUIRIES_TABLE: { Ref: idOf(template, 'AWS::DynamoDB::GlobalTable', 'Enquiries') },
      SENDER_EMAIL: 'hello@elevate-digital.example',
      AGENCY_EMAIL: 'hello@elevate-digital.example',
      SES_CONFIGURATION_SET: {
        Ref: idOf(template, 'AWS::SES::ConfigurationSet', 'DeliveryEvents'),
      },
    })
    const roleId = idOf(template, 'AWS::IAM::Role', 'DigestSendRole')
    const statements = Object.values(
      template.findResources('AWS::IAM::Policy', {
        Properties: { Roles: Match.arrayWith([{ Ref: roleId }]) },
      }),
    ).flatMap((policy: Cfn) => policy.Properties.PolicyDocument.Statement)
    const actions = statements.flatMap((statement: Cfn) => [statement.Action].flat()).sort()
    expect(actions).toEqual([
      'dynamodb:BatchGetItem',
      'dynamodb:Query',
      'logs:CreateLogStream',
      'logs:PutLogEvents',
      'ses:SendEmail',
    ])
    const resourcesOf = (action: string) =>
      JSON.stringify(statements.find((statement: Cfn) => statement.Action === action).Resource)
    expect(resourcesOf('dynamodb:Query')).toContain('/index/needs-attention')
    // As the sender's identity, and through the configuration set that reports its fate.
    expect(resourcesOf('ses:SendEmail')).toContain(':identity/')
    expect(resourcesOf('ses:SendEmail')).toContain(':configuration-set/')
  })

  it('keeps its logs 30 days and pages ops when it fails or its schedule cannot run it', () => {
    const fnId = idOf(template, 'AWS::Lambda::Function', 'DigestSendFunction')
    const fn = template.findResources('AWS::Lambda::Function')[fnId] as Cfn
    const logsId = fn.Properties.LoggingConfig.LogGroup.Ref
    template.hasResourceProperties('AWS::Logs::LogGroup', { RetentionInDays: 30 })
    expect(logsId).toMatch(/^DigestSendLogs/)
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'Errors',
      Dimensions: [{ Name: 'FunctionName', Value: { Ref: fnId } }],
    })
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'FailedInvocations',
      Dimensions: [
        { Name: 'RuleName', Value: { Ref: idOf(template, 'AWS::Events::Rule', 'DigestSchedule') } },
      ],
    })
  })
})
