import { Match, type Template } from 'aws-cdk-lib/assertions'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { stages } from '../stages.ts'
import { actionsOfRole, logicalIdOf as idOf, statementsOfRole } from '../testing/site-templates.ts'
import { type Synthesised, synthesise } from '../testing/synthesise-app.ts'
import { DEFAULT_DIGEST_SCHEDULE } from './attention-digest.ts'

// biome-ignore lint/suspicious/noExplicitAny: synthesised CloudFormation is untyped JSON
type Cfn = any

describe('the digest to the agency in each stage', () => {
  let synth: Synthesised
  let template: Template
  beforeAll(() => {
    // The committed stages, the trial one with a schedule of its own in its settings.
    synth = synthesise({
      stages: {
        ...stages,
        staging: {
          ...stages.staging,
          digestSchedule: 'cron(30 7 ? * MON-FRI *)',
          digestListDays: 7,
          digestCopyTo: 'it@elevate-digital.example',
        },
      },
    })
    template = synth.site
  }, 180_000)
  afterAll(() => synth?.dispose())

  it("runs daily by default, and on the schedule a stage's settings name", () => {
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
    const staging = synth.stages.staging?.site as Template
    staging.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'cron(30 7 ? * MON-FRI *)',
      Targets: [
        Match.objectLike({
          Arn: {
            'Fn::GetAtt': [idOf(staging, 'AWS::Lambda::Function', 'DigestSendFunction'), 'Arn'],
          },
        }),
      ],
    })
    expect(
      staging.findResources('AWS::Events::Rule', {
        Properties: { ScheduleExpression: DEFAULT_DIGEST_SCHEDULE },
      }),
    ).toEqual({})
  })

  it("sends as the enquiry e-mails do, and may read only the data stack's needs-attention index", () => {
    const fnId = idOf(template, 'AWS::Lambda::Function', 'DigestSendFunction')
    const fn = template.findResources('AWS::Lambda::Function')[fnId] as Cfn
    expect(fn.Properties).toMatchObject({
      Runtime: 'nodejs24.x',
      Architectures: ['arm64'],
      Timeout: 60,
    })
    expect(fn.Properties.Environment.Variables).toMatchObject({
      // The data stack's table, through that stack's output, as the contact function reads it.
      ENQUIRIES_TABLE: {
        'Fn::GetStackOutput': expect.objectContaining({
          StackName: synth.stacks.data?.stackName,
          OutputName: expect.stringMatching(/^PublishOutputRefEnquiriesTable/),
        }),
      },
      SENDER_EMAIL: stages.prod.senderEmail,
      AGENCY_EMAIL: stages.prod.agencyEmail,
      SES_CONFIGURATION_SET: {
        Ref: idOf(template, 'AWS::SES::ConfigurationSet', 'DeliveryEvents'),
      },
    })
    const roleId = idOf(template, 'AWS::IAM::Role', 'DigestSendRole')
    const statements = statementsOfRole(template, roleId)
    const actions = actionsOfRole(template, roleId)
    expect(actions).toEqual([
      'dynamodb:BatchGetItem',
      'dynamodb:Query',
      'logs:CreateLogStream',
      'logs:PutLogEvents',
      'ses:SendEmail',
    ])
    const resourcesOf = (action: string) =>
      JSON.stringify(statements.find((statement) => statement.Action.join() === action)?.Resource)
    expect(resourcesOf('dynamodb:Query')).toContain('/index/needs-attention')
    expect(resourcesOf('dynamodb:Query')).toContain('PublishOutputRefEnquiriesTable')
    expect(resourcesOf('dynamodb:BatchGetItem')).toContain('PublishOutputRefEnquiriesTable')
    // As the sender's identity, and through the configuration set that reports its fate.
    expect(resourcesOf('ses:SendEmail')).toContain(':identity/')
    expect(resourcesOf('ses:SendEmail')).toContain(':configuration-set/')
  })

  it('signs its links for the site’s own address with the stage’s generated key, lists 14 days unless the stage says', () => {
    const variables = (stage: Template) => {
      const id = idOf(stage, 'AWS::Lambda::Function', 'DigestSendFunction')
      return (stage.findResources('AWS::Lambda::Function')[id] as Cfn).Properties.Environment
        .Variables
    }
    const prod = variables(template)
    expect(prod.SITE_URL).toBe(`https://${stages.prod.domainName}`)
    expect(prod.DIGEST_LIST_DAYS).toBe('14')
    expect(prod.DIGEST_COPY_TO).toBeUndefined()
    // The same secret the links' function checks with; only a reference, never the value.
    const keyId = idOf(template, 'AWS::SecretsManager::Secret', 'ContactApiActionLinkKey')
    expect(JSON.stringify(prod.ACTION_LINK_KEY)).toContain(`{"Ref":"${keyId}"}`)
    const links = idOf(template, 'AWS::Lambda::Function', 'ContactApiEnquiryActionsFunction')
    expect(
      JSON.stringify(
        (template.findResources('AWS::Lambda::Function')[links] as Cfn).Properties.Environment
          .Variables.ACTION_LINK_KEY,
      ),
    ).toBe(JSON.stringify(prod.ACTION_LINK_KEY))
    template.hasResourceProperties('AWS::SecretsManager::Secret', {
      Description: Match.stringLikeRegexp('^Key that signs the action links'),
      // 48 letters and digits: about 285 bits, more than HMAC-SHA-256 can use.
      GenerateSecretString: Match.objectLike({ PasswordLength: 48 }),
      SecretString: Match.absent(),
    })
    const staging = variables(synth.stages.staging?.site as Template)
    // No domain: the distribution's own name.
    expect(JSON.stringify(staging.SITE_URL)).toContain('DomainName')
    expect(staging.DIGEST_LIST_DAYS).toBe('7')
    expect(staging.DIGEST_COPY_TO).toBe('it@elevate-digital.example')
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
