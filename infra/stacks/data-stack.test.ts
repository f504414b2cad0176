import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Synthesised, synthesise } from '../testing/synthesise-app.ts'

// biome-ignore lint/suspicious/noExplicitAny: synthesised CloudFormation is untyped JSON
type Cfn = any

const stateful = [
  'AWS::DynamoDB::GlobalTable',
  'AWS::S3::Bucket',
  'AWS::SES::EmailIdentity',
  'AWS::SecretsManager::Secret',
]
const typesOf = (template: Cfn) =>
  Object.values(template.Resources as Record<string, Cfn>).map((resource) => resource.Type)

const prod = {
  account: '123456789012',
  domainName: 'www.elevate-digital.example',
  hostedZoneId: 'Z0123456789ABC',
  hostedZoneName: 'elevate-digital.example',
  senderEmail: 'website@elevate-digital.example',
}
/** An existing deployment's table and buckets, as its single stack named them. */
const existing = {
  migrateTable: 'ElevateDigital-EnquiriesTable7DAAED76-1Q2W3E4R5T6Y',
  migrateSiteBucket: 'elevatedigital-sitebucket978d4aeb-abcdef123456',
  migrateLogBucket: 'elevatedigital-sitelogbucket150ddc0f-abcdef123456',
}

describe('the stateful stack', () => {
  let synth: Synthesised
  let moving: Synthesised
  beforeAll(() => {
    synth = synthesise({ stages: { prod } })
    moving = synthesise({ stages: { prod }, context: { stage: 'prod', ...existing } })
  }, 240_000)
  afterAll(() => {
    synth?.dispose()
    moving?.dispose()
  })

  it('holds the table, both buckets and the SES identity, under termination protection', () => {
    expect(synth.stacks.data?.stackName).toBe('ElevateDigital-Data')
    expect(synth.stacks.data?.terminationProtection).toBe(true)
    const data = synth.data?.toJSON() as Cfn
    expect(
      typesOf(data)
        .filter((type) => stateful.includes(type))
        .sort(),
    ).toEqual([
      'AWS::DynamoDB::GlobalTable',
      'AWS::S3::Bucket',
      'AWS::S3::Bucket',
      'AWS::SES::EmailIdentity',
    ])
    for (const [id, resource] of Object.entries(data.Resources as Record<string, Cfn>)) {
      if (['AWS::DynamoDB::GlobalTable', 'AWS::S3::Bucket'].includes(resource.Type)) {
        expect(resource.DeletionPolicy, id).toBe('Retain')
        expect(resource.UpdateReplacePolicy, id).toBe('Retain')
      }
    }
    // Nothing that runs or serves: those are rebuilt freely in the site stack.
    expect(typesOf(data).filter((type) => /Lambda|CloudFront|ApiGateway/.test(type))).toEqual([])
  })

  it('leaves the site stack nothing it could lose but the origin secret, which it regenerates', () => {
    // The secret is a value CloudFront, the API's routes and the function share, replaced with
    // them in one deploy (docs/decisions/0030-stages-as-code-and-stateful-stack.md); nothing is lost.
    const site = typesOf(synth.site.toJSON()).filter((type) => stateful.includes(type))
    expect(site).toEqual(['AWS::SecretsManager::Secret'])
    expect(synth.stacks.site.dependencies).toContain(synth.stacks.data)
  })

  it('keeps the site stack’s name, so an existing deployment’s distribution stays where it is', () => {
    expect(synth.stacks.site.stackName).toBe('ElevateDigital')
    expect(synth.stacks.edge?.stackName).toBe('ElevateDigital-Edge')
    expect(synth.stacks.cloudFrontAlarms.stackName).toBe('ElevateDigital-EdgeMonitoring')
  })

  describe('the one-time move of an existing deployment (-c migrateTable=… and the buckets)', () => {
    it('synthesises the stage without its data stack, naming the existing table and buckets', () => {
      expect(moving.stacks.data).toBeUndefined()
      const site = moving.site.toJSON()
      const contact = Object.entries(site.Resources as Record<string, Cfn>).find(([id]) =>
        id.startsWith('ContactApiContactFunction'),
      )?.[1]
      expect(contact.Properties.Environment.Variables.ENQUIRIES_TABLE).toBe(existing.migrateTable)
      const [policy] = Object.values(site.Resources as Record<string, Cfn>).filter(
        (resource) => resource.Type === 'AWS::S3::BucketPolicy',
      )
      expect(policy.Properties.Bucket).toBe(existing.migrateSiteBucket)
      const [distribution] = Object.values(site.Resources as Record<string, Cfn>).filter(
        (resource) => resource.Type === 'AWS::CloudFront::Distribution',
      )
      expect(JSON.stringify(distribution.Properties.DistributionConfig.Logging)).toContain(
        existing.migrateLogBucket,
      )
      expect(moving.violations).toEqual([])
    })

    it('is the same site stack resource for resource, so the later deploy changes references only', () => {
      const ids = (template: Cfn) => Object.keys(template.Resources).sort()
      // Except the enquiry sender, which the table's stream starts: the moved table gets one only
      // once the data stack adopts it (until then the retry sends every e-mail).
      expect(ids(moving.site.toJSON())).toEqual(
        ids(synth.site.toJSON()).filter((id) => !id.includes('EnquirySender')),
      )
    })
  })
})
