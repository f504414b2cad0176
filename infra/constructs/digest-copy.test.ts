import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { digestMetrics, METRICS_NAMESPACE } from '#shared/delivery-metrics.ts'
import { logicalIdOf, type Resource, statementsOfRole } from '../testing/site-templates.ts'
import { type Synthesised, synthesise } from '../testing/synthesise-app.ts'

/**
 * The committed prod stage's shape, with a second address for the digest and another reader of
 * the weekly summary: the staff e-mails that may go beyond the agency inbox.
 */
const copyTo = 'Office.Manager@agency-staff.example'
const summaryTo = 'director@agency-owner.example'
const prod = {
  account: '123456789012',
  senderEmail: 'website@agency.example',
  agencyEmail: 'enquiries@agency-inbox.example',
  digestCopyTo: copyTo,
  weeklySummaryTo: summaryTo,
}

let synth: Synthesised
beforeAll(() => {
  synth = synthesise({ stages: { prod } })
}, 120_000)
afterAll(() => synth?.dispose())

const sendStatementsOf = (rolePrefix: string) =>
  statementsOfRole(synth.site, logicalIdOf(synth.site, 'AWS::IAM::Role', rolePrefix)).filter(
    (statement) => statement.Action.includes('ses:SendEmail'),
  )

describe('the digest copied to digestCopyTo when the inbox refused mail', () => {
  it('may be sent by the digest alone: its SES condition names the copy address, through the identities and the configuration set', () => {
    const statements = sendStatementsOf('DigestSendRole')
    expect(statements.length).toBeGreaterThanOrEqual(1)
    for (const statement of statements) {
      expect(statement.Condition).toEqual({
        StringEqualsIgnoreCase: { 'ses:FromAddress': prod.senderEmail },
        'ForAllValues:StringEqualsIgnoreCase': {
          'ses:Recipients': [prod.agencyEmail, 'success@simulator.amazonses.com', copyTo],
        },
        Null: { 'ses:Recipients': 'false' },
      })
    }
    const resources = JSON.stringify(statements.map((statement) => statement.Resource))
    // SES authorises a send against the configuration set and, in the sandbox, the recipient's
    // verified identity (the address's or its domain's) as well as the sender's.
    expect(resources).toContain(':configuration-set/')
    expect(resources).toContain(`:identity/${copyTo}`)
    expect(resources).toContain(':identity/agency-staff.example')
    // No other function may write to it.
    for (const role of ['ContactApiNotificationRetryRole', 'EnquirySenderSenderRole']) {
      expect(JSON.stringify(sendStatementsOf(role)), role).not.toContain(copyTo)
    }
  })

  it('pages ops at once when a copy fails (the function does not fail then: a retry would repeat the digest)', () => {
    const alarms = Object.values(
      synth.site.findResources('AWS::CloudWatch::Alarm', {
        Properties: { MetricName: digestMetrics.copyFailed },
      }),
    ) as Resource[]
    expect(alarms).toHaveLength(1)
    const topic = { Ref: logicalIdOf(synth.site, 'AWS::SNS::Topic', 'Notifications') }
    expect(alarms[0]?.Properties).toMatchObject({
      Namespace: METRICS_NAMESPACE,
      Dimensions: expect.arrayContaining([
        { Name: 'service', Value: digestMetrics.service },
        { Name: 'stage', Value: 'prod' },
      ]),
      Threshold: 1,
      AlarmActions: [topic],
      OKActions: [topic],
      AlarmDescription: expect.stringContaining(copyTo),
    })
  })
})

describe('the weekly summary sent to weeklySummaryTo', () => {
  it('may be sent by the answer watch alone: its SES condition names the summary’s reader', () => {
    const statements = sendStatementsOf('AnswersWatchWatchRole')
    expect(statements.length).toBeGreaterThanOrEqual(1)
    for (const statement of statements) {
      expect(statement.Condition['ForAllValues:StringEqualsIgnoreCase']['ses:Recipients']).toEqual([
        prod.agencyEmail,
        'success@simulator.amazonses.com',
        summaryTo,
      ])
    }
    expect(JSON.stringify(statements.map((statement) => statement.Resource))).toContain(
      `:identity/${summaryTo}`,
    )
    for (const role of [
      'DigestSendRole',
      'ContactApiNotificationRetryRole',
      'EnquirySenderSenderRole',
    ]) {
      expect(JSON.stringify(sendStatementsOf(role)), role).not.toContain(summaryTo)
    }
  })
})
