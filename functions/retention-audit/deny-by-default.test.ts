import { describe, expect, it } from 'vitest'
import { retentionPolicy } from './policy.ts'
import { auditTemplates } from './resources.ts'
import type { StackTemplate } from './template-pool.ts'
import { holdsNothing } from './unexplained.ts'

/** The audit over hand-written templates: what it does with resources it has no rule for. */
const stack = (Resources: Record<string, unknown>): StackTemplate[] => [
  { stackName: 'Stack', template: { Resources } },
]
const lines = (stacks: StackTemplate[]) =>
  auditTemplates(stacks, retentionPolicy).map(
    ({ status, place, detail }) => `${status} ${place}: ${detail}`,
  )

const enquiries = {
  Type: 'AWS::DynamoDB::GlobalTable',
  Properties: { TimeToLiveSpecification: { Enabled: true, AttributeName: 'expiresAt' } },
}

describe('the retention audit denies by default', () => {
  it('fails a resource of a type it has no rule for, naming type and place', () => {
    expect(lines(stack({ Things: { Type: 'AWS::Glue::Table', Properties: {} } }))).toEqual([
      expect.stringMatching(/^fail AWS::Glue::Table Stack\/Things: unexplained: /),
    ])
  })

  it('says nothing of the types it knows to hold nothing', () => {
    const resources = Object.fromEntries(
      Object.keys(holdsNothing).map((type, index) => [`R${index}`, { Type: type }]),
    )
    expect(lines(stack(resources))).toEqual([])
  })

  it('knows a DynamoDB stream keeps change records 24 hours, and passes it', () => {
    const table = {
      ...enquiries,
      Properties: {
        ...enquiries.Properties,
        StreamSpecification: { StreamViewType: 'NEW_AND_OLD_IMAGES' },
      },
    }
    expect(lines(stack({ Table: table }))).toContainEqual(
      'pass DynamoDB stream of Stack/Table: NEW_AND_OLD_IMAGES: each change record is kept 24 hours (fixed by DynamoDB), then deleted',
    )
    expect(lines(stack({ Table: table })).filter((line) => line.startsWith('fail'))).toEqual([])
  })

  it('reads a deploy-time call: a parameter write is configuration, any other call unexplained', () => {
    const call = (service: string, action: string) => ({
      Type: 'Custom::AWS',
      Properties: { Create: JSON.stringify({ service, region: 'us-east-1', action }) },
    })
    expect(lines(stack({ Put: call('SSM', 'putParameter') }))).toEqual([
      expect.stringMatching(/^info Custom resource Stack\/Put: deploy-time calls SSM.putParameter/),
    ])
    expect(lines(stack({ Put: call('DynamoDB', 'putItem') }))).toEqual([
      expect.stringMatching(/^fail Custom resource Stack\/Put: .*\(DynamoDB.putItem\)/),
    ])
  })

  it('lets an SNS archive or EventBridge archive within the failed-events limit pass', () => {
    const found = lines(
      stack({
        Topic: {
          Type: 'AWS::SNS::Topic',
          Properties: { ArchivePolicy: { MessageRetentionPeriod: 7 } },
        },
        Archive: { Type: 'AWS::Events::Archive', Properties: { RetentionDays: 14 } },
      }),
    )
    expect(found).toContainEqual(
      expect.stringMatching(/^pass SNS topic Stack\/Topic \(archive\): .*7 days/),
    )
    expect(found).toContainEqual(
      expect.stringMatching(/^pass EventBridge archive Stack\/Archive: .*14 days/),
    )
  })
})
