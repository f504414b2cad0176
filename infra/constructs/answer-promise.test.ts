import { App, Stack } from 'aws-cdk-lib'
import { Match, type Template } from 'aws-cdk-lib/assertions'
import { TableV2 } from 'aws-cdk-lib/aws-dynamodb'
import { PublicHostedZone } from 'aws-cdk-lib/aws-route53'
import { Secret } from 'aws-cdk-lib/aws-secretsmanager'
import { describe, expect, it } from 'vitest'
import { enquiryTable } from '#shared/enquiry-table.ts'
import { parseStage } from '../stage-settings.ts'
import {
  type Cfn,
  functionNamed,
  resourcesOf,
  sendEmailResources,
  siteEnv,
  synthesiseCombinations,
  zone,
} from '../testing/deployment-combinations.ts'
import { ReplyReceiving } from './reply-receiving.ts'

/**
 * The 24-hour promise as the stack deploys it: SES receiving on the reply subdomain (a rule set,
 * one rule whose only action is the function, its permission, the MX record), the reminder and
 * weekly schedules, and the agency's clock and links in every staff-facing function.
 */
const synths = synthesiseCombinations(['hostedZone', 'staging'])
const site = (name: 'hostedZone' | 'staging'): Template => synths[name].site

describe('reply detection, with a hosted zone in a region where SES receives mail', () => {
  it('receives the reply subdomain with one rule: TLS, scanned, its only action the function', () => {
    const template = site('hostedZone')
    expect(resourcesOf(template, 'AWS::SES::ReceiptRuleSet')).toHaveLength(1)
    const [[, rule]] = resourcesOf(template, 'AWS::SES::ReceiptRule') as [[string, Cfn]]
    expect(rule.Properties.Rule).toMatchObject({
      Enabled: true,
      Recipients: ['replies.elevate-digital.example'],
      ScanEnabled: true,
      TlsPolicy: 'Require',
      Actions: [{ LambdaAction: { InvocationType: 'Event', FunctionArn: expect.anything() } }],
    })
    // No S3 or SNS action: no copy of any message is kept.
    expect(JSON.stringify(rule.Properties.Rule.Actions)).not.toMatch(/S3Action|SNSAction|Workmail/)
    template.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      Principal: 'ses.amazonaws.com',
      SourceAccount: { Ref: 'AWS::AccountId' },
    })
    template.hasResourceProperties('AWS::Route53::RecordSet', {
      Name: 'replies.elevate-digital.example.',
      Type: 'MX',
      HostedZoneId: zone.hostedZoneId,
      ResourceRecords: ['10 inbound-smtp.eu-west-2.amazonaws.com'],
    })
    expect(Object.keys(template.findOutputs('*')).join()).toMatch(/ReplyRuleSetName/)
  })

  it('gives the function the reply domain and the key, and the table item by item only', () => {
    const template = site('hostedZone')
    const fn = functionNamed(template, 'AnswersRepliesReceiveFunction')
    expect(fn.Environment.Variables).toMatchObject({
      REPLY_DOMAIN: 'replies.elevate-digital.example',
      AGENCY_EMAIL: expect.any(String),
      ACTION_LINK_KEY: expect.anything(),
    })
    const role = fn.Role['Fn::GetAtt'][0]
    const actions = resourcesOf(template, 'AWS::IAM::Policy')
      .filter(([, policy]) => policy.Properties.Roles.some((entry: Cfn) => entry.Ref === role))
      .flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement as Cfn[])
      .flatMap((statement) => [statement.Action].flat())
    expect(actions.filter((action) => action.startsWith('dynamodb:')).sort()).toEqual([
      'dynamodb:GetItem',
      'dynamodb:UpdateItem',
    ])
    expect(actions.some((action) => /^s3:|^sns:|^ses:/.test(action))).toBe(false)
    // The enquiry e-mail's senders sign its reply address under the same domain.
    for (const sender of ['EnquirySenderSenderFunction', 'ContactApiNotificationRetryFunction']) {
      expect(functionNamed(template, sender).Environment.Variables).toMatchObject({
        REPLY_DOMAIN: 'replies.elevate-digital.example',
        SITE_URL: 'https://www.elevate-digital.example',
        AGENCY_TIME_ZONE: 'Europe/London',
        ACTION_LINK_KEY: expect.anything(),
      })
    }
  })

  it('has none on a stage without a hosted zone: no rule set, no reply domain in any function', () => {
    const template = site('staging')
    expect(resourcesOf(template, 'AWS::SES::ReceiptRuleSet')).toHaveLength(0)
    expect(JSON.stringify(template.toJSON())).not.toContain('REPLY_DOMAIN')
  })

  it('refuses a region where SES receives no mail, saying what to do', () => {
    expect(() =>
      parseStage('prod', { region: 'eu-west-3', ...zone, replySubdomain: 'replies' }, siteEnv),
    ).toThrow(
      /replySubdomain: SES does not receive e-mail in eu-west-3 .*set replySubdomain: false/,
    )
    // Left unset, such a stage simply has none.
    expect(
      parseStage('prod', { region: 'eu-west-3', ...zone }, siteEnv).replyDomain,
    ).toBeUndefined()
    expect(parseStage('prod', { ...zone }, siteEnv).replyDomain).toBe(
      'replies.elevate-digital.example',
    )
    expect(
      parseStage('prod', { ...zone, replySubdomain: false }, siteEnv).replyDomain,
    ).toBeUndefined()
    const stack = new Stack(new App(), 'Paris', {
      env: { account: '123456789012', region: 'eu-west-3' },
    })
    expect(
      () =>
        new ReplyReceiving(stack, 'Replies', {
          table: TableV2.fromTableName(stack, 'Table', 'enquiries'),
          replyDomain: 'replies.elevate-digital.example',
          hostedZone: PublicHostedZone.fromPublicHostedZoneAttributes(stack, 'Zone', {
            hostedZoneId: zone.hostedZoneId,
            zoneName: zone.hostedZoneName,
          }),
          agencyEmail: 'hello@elevate-digital.example',
          senderEmail: 'website@elevate-digital.example',
          linkKey: Secret.fromSecretNameV2(stack, 'Key', 'key'),
        }),
    ).toThrow(/eu-west-3 does not offer/)
  })
})

describe('the reminder and the weekly summary', () => {
  it('run every 15 minutes, and Monday 08:00 in the agency’s own time zone', () => {
    const template = site('staging')
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(15 minutes)',
      Targets: [Match.objectLike({ Input: JSON.stringify({ job: 'remind' }) })],
    })
    template.hasResourceProperties('AWS::Scheduler::Schedule', {
      ScheduleExpression: 'cron(0 8 ? * MON *)',
      ScheduleExpressionTimezone: 'Europe/London',
      Target: Match.objectLike({ Input: JSON.stringify({ job: 'weekly' }) }),
    })
  })

  it('read by day and send as the other senders do; the staff-facing functions keep the agency’s clock', () => {
    const template = site('staging')
    const fn = functionNamed(template, 'AnswersWatchWatchFunction')
    expect(fn.Environment.Variables).toMatchObject({
      AGENCY_TIME_ZONE: 'Europe/London',
      REMINDER_AFTER_HOURS: '20',
      SITE_URL: expect.anything(),
    })
    expect(sendEmailResources(template, 'AnswersWatchWatchFunction').length).toBeGreaterThan(0)
    const indexes = JSON.stringify(template.toJSON())
    expect(indexes).toContain(`/index/${enquiryTable.dayIndex.name}`)
    for (const prefix of ['DigestSendFunction', 'ContactApiEnquiryActionsFunction']) {
      expect(functionNamed(template, prefix).Environment.Variables.AGENCY_TIME_ZONE).toBe(
        'Europe/London',
      )
    }
  })
})
