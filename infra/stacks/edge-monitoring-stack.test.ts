import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Synthesised, synthesise } from '../testing/synth.ts'

// biome-ignore lint/suspicious/noExplicitAny: synthesised CloudFormation is untyped JSON
type Cfn = any

describe('CloudFront alarms when the site itself runs in us-east-1, with an ops address', () => {
  let synth: Synthesised
  beforeAll(() => {
    synth = synthesise({
      context: {
        account: '123456789012',
        region: 'us-east-1',
        opsEmail: 'ops@elevate-digital.example',
      },
    })
  }, 120_000)
  afterAll(() => synth?.dispose())

  it('e-mails the same ops address from the us-east-1 topic as from the site’s', () => {
    for (const template of [synth.site, synth.edgeMonitoring]) {
      template.hasResourceProperties('AWS::SNS::Subscription', {
        Protocol: 'email',
        Endpoint: 'ops@elevate-digital.example',
      })
    }
    expect(Object.keys(synth.edgeMonitoring.findOutputs('OpsTopicArn'))).toEqual(['OpsTopicArn'])
  })

  it('watches the site stack’s distribution in the same region, passing cdk-nag', () => {
    const [alarm] = Object.values(
      synth.edgeMonitoring.findResources('AWS::CloudWatch::Alarm'),
    ) as Cfn[]
    const id = alarm.Properties.Dimensions.find((d: Cfn) => d.Name === 'DistributionId')
    expect(id.Value).toEqual({
      'Fn::GetStackOutput': expect.objectContaining({
        StackName: synth.stacks.site.stackName,
        Region: 'us-east-1',
      }),
    })
    expect(synth.stacks.edgeMonitoring.dependencies).toContain(synth.stacks.site)
    expect(synth.violations).toEqual([])
  })
})
