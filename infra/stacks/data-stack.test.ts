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

  it('holds the table, the site, log and evidence buckets and the SES identity, under termination protection', () => {
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
      'AWS::S3::Bucket',
      'AWS::SES::EmailIdentity',
    ])
    // Retained, except by the stack operation that created them: a failed first create deletes
    // them, so the retry leaves no deletion-protected table or empty buckets behind.
    const retained = Object.entries(data.Resources as Record<string, Cfn>).filter(
      ([, resource]) => resource.DeletionPolicy !== undefined,
    )
    expect(retained.map(([, resource]) => resource.Type).sort()).toEqual([
      'AWS::DynamoDB::GlobalTable',
      'AWS::S3::Bucket',
      'AWS::S3::Bucket',
      'AWS::S3::Bucket',
    ])
    for (const [id, resource] of retained) {
      expect(resource.DeletionPolicy, id).toBe('RetainExceptOnCreate')
      expect(resource.UpdateReplacePolicy, id).toBe('Retain')
    }
    // Nothing that runs or serves: those are rebuilt freely in the site stack.
    expect(typesOf(data).filter((type) => /Lambda|CloudFront|ApiGateway/.test(type))).toEqual([])
  })

  it('leaves the site stack nothing it could lose but its three secrets, which it regenerates', () => {
    // The origin secret is a value CloudFront, the API's routes and the function share, replaced
    // with them in one deploy (docs/decisions/0030-stages-as-code-and-stateful-stack.md); the
    // canary's synthetic key likewise with the canary and the contact function (decision 0036),
    // and the digest links' key with the digest and the actions function (decision 0033).
    // Nothing is lost.
    const site = typesOf(synth.site.toJSON()).filter((type) => stateful.includes(type))
    expect(site).toEqual(Array(3).fill('AWS::SecretsManager::Secret'))
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

    it('never leaves the site bucket without its policy when the deploy after the move replaces it', () => {
      // The policy's Bucket changes from the name given for the move to the data stack's output,
      // which CloudFormation answers with a replacement: a new policy, then the old one deleted,
      // which would delete the bucket's only policy (aws-cdk#38829). Retained, neither the
      // replaced policy nor (on a rollback) the new one is ever deleted.
      const policies = (synthesised: Synthesised) =>
        Object.entries(synthesised.site.toJSON().Resources as Record<string, Cfn>).filter(
          ([, resource]) => resource.Type === 'AWS::S3::BucketPolicy',
        )
      const [during] = policies(moving)
      const [after] = policies(synth)
      expect(policies(moving)).toHaveLength(1)
      expect(policies(synth)).toHaveLength(1)
      expect(after?.[0]).toBe(during?.[0])
      expect(during?.[1].Properties.Bucket).toBe(existing.migrateSiteBucket)
      expect(after?.[1].Properties.Bucket).toEqual({
        'Fn::GetStackOutput': expect.objectContaining({ StackName: 'ElevateDigital-Data' }),
      })
      for (const policy of [during, after]) {
        expect(policy?.[1].DeletionPolicy).toBe('Retain')
        expect(policy?.[1].UpdateReplacePolicy).toBe('Retain')
      }
    })

    it('is the same site stack resource for resource, so the later deploy changes references only', () => {
      const ids = (template: Cfn) => Object.keys(template.Resources).sort()
      // Except the enquiry sender, which the table's stream starts: the moved table gets one only
      // once the data stack adopts it (until then the retry sends every e-mail). And the monthly
      // retention evidence, whose locked bucket the data stack creates when it is deployed.
      expect(ids(moving.site.toJSON())).toEqual(
        ids(synth.site.toJSON()).filter(
          (id) => !id.includes('EnquirySender') && !id.includes('RetentionEvidence'),
        ),
      )
    })
  })
})
