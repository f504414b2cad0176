import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { identityPlan } from './constructs/email-identities.ts'
import { productionSiteUrl } from './stage-selection.ts'
import { parseStage, type StageSettings } from './stage-settings.ts'
import { placeholdersIn, stages } from './stages.ts'
import { type Synthesised, synthesise } from './testing/synthesise-app.ts'

// biome-ignore lint/suspicious/noExplicitAny: synthesised CloudFormation is untyped JSON
type Cfn = any

const names = Object.keys(stages) as (keyof typeof stages)[]
const env = { SITE_URL: productionSiteUrl(stages) as string }
const resourcesOf = (template: Cfn, type: string): Cfn[] =>
  Object.values(template.Resources ?? {}).filter((resource: Cfn) => resource.Type === type)

let synth: Synthesised
beforeAll(() => {
  // Exactly what `npm run synth` builds: every committed stage, no -c flag.
  synth = synthesise()
}, 600_000)
afterAll(() => synth?.dispose())

describe('the committed stages, synthesised with no -c flag', () => {
  it('are all there, each its own cdk.Stage, passing cdk-nag', () => {
    expect(Object.keys(synth.stages)).toEqual(names)
    expect(synth.violations).toEqual([])
  })

  it.each(names)('%s: serves its domain with its certificate, or has neither', (name) => {
    const config = parseStage(name, stages[name], env)
    const { site, edge } = synth.stages[name] as Synthesised
    const [distribution] = resourcesOf(site.toJSON(), 'AWS::CloudFront::Distribution')
    const viewer = distribution.Properties.DistributionConfig
    if (!config.domain) {
      expect(viewer.Aliases).toBeUndefined()
      expect(viewer.ViewerCertificate).toBeUndefined()
      return
    }
    expect(viewer.Aliases).toEqual([config.domain.domainName])
    expect(viewer.ViewerCertificate.MinimumProtocolVersion).toBe('TLSv1.2_2025')
    if (config.domain.certificateArn) {
      expect(viewer.ViewerCertificate.AcmCertificateArn).toBe(config.domain.certificateArn)
    } else {
      // Issued and DNS-validated in the stage's zone, in us-east-1 where CloudFront reads it.
      const [certificate] = resourcesOf(edge?.toJSON(), 'AWS::CertificateManager::Certificate')
      expect(certificate.Properties).toMatchObject({
        DomainName: config.domain.domainName,
        DomainValidationOptions: [
          {
            DomainName: config.domain.domainName,
            HostedZoneId: config.domain.hostedZone?.hostedZoneId,
          },
        ],
      })
      expect(JSON.stringify(viewer.ViewerCertificate.AcmCertificateArn)).toContain(
        (synth.stages[name] as Synthesised).stacks.edge?.stackName,
      )
      const aliases = resourcesOf(site.toJSON(), 'AWS::Route53::RecordSet').filter(
        (record) => record.Properties.Name === `${config.domain?.domainName}.`,
      )
      expect(aliases.map((record) => record.Properties.Type).sort()).toEqual(['A', 'AAAA'])
    }
  })

  it.each(names)('%s: puts its web ACL in front of the distribution, or has none', (name) => {
    const config = parseStage(name, stages[name], env)
    const { site, edge } = synth.stages[name] as Synthesised
    const [distribution] = resourcesOf(site.toJSON(), 'AWS::CloudFront::Distribution')
    const webAclId = distribution.Properties.DistributionConfig.WebACLId
    const acls = edge ? resourcesOf(edge.toJSON(), 'AWS::WAFv2::WebACL') : []
    if (config.waf) {
      expect(acls).toHaveLength(1)
      expect(acls[0].Properties.Rules[0].Statement.RateBasedStatement.Limit).toBe(
        config.waf.rateLimit,
      )
      expect(webAclId['Fn::GetStackOutput']).toMatchObject({ Region: 'us-east-1' })
    } else {
      expect(acls).toEqual([])
      expect(webAclId).toBeUndefined()
    }
  })

  it.each(names)('%s: creates exactly the SES identities its settings ask for', (name) => {
    const config = parseStage(name, stages[name], env)
    const { data, site } = synth.stages[name] as Synthesised
    const created = resourcesOf(data?.toJSON(), 'AWS::SES::EmailIdentity').map(
      (identity) => identity.Properties.EmailIdentity,
    )
    const plan = identityPlan(config)
    expect(created.sort()).toEqual([...plan.created].sort())
    expect(resourcesOf(site.toJSON(), 'AWS::SES::EmailIdentity')).toEqual([])
    // The functions may send as each of them, whoever created it.
    const granted = JSON.stringify(resourcesOf(site.toJSON(), 'AWS::IAM::Policy'))
    for (const identity of plan.sendingAs) expect(granted).toContain(`:identity/${identity}"`)
  })
})

describe('every committed stage', () => {
  const site = (name: string) => (synth.stages[name] as Synthesised).site.toJSON()
  const only = (template: Cfn, type: string) => {
    const found = resourcesOf(template, type)
    expect(found, type).toHaveLength(1)
    return found[0]
  }

  it.each(names)('%s: routes the contact API only under CloudFront’s secret path', (name) => {
    const config = parseStage(name, stages[name], env)
    const template = site(name)
    // The origin secret (the stage's other secret signs the digest's links).
    const secret = Object.keys(template.Resources).find(
      (id) =>
        template.Resources[id].Type === 'AWS::SecretsManager::Secret' &&
        /^Origin header/.test(template.Resources[id].Properties.Description),
    )
    const routes = resourcesOf(template, 'AWS::ApiGatewayV2::Route')
    // The two contact paths and the digest links' path.
    expect(routes).toHaveLength(3)
    for (const route of routes) {
      const [first, reference] = route.Properties.RouteKey['Fn::Join'][1]
      expect(first).toBe('ANY /{{resolve:secretsmanager:')
      expect(reference).toEqual({ Ref: secret })
    }
    const distribution = only(template, 'AWS::CloudFront::Distribution')
    const [origin] = distribution.Properties.DistributionConfig.Origins.filter(
      (candidate: Cfn) => candidate.CustomOriginConfig,
    )
    expect(origin.OriginPath['Fn::Join'][1][1]).toEqual({ Ref: secret })
    const api = only(template, 'AWS::ApiGatewayV2::Api')
    expect(api.Properties.DisableExecuteApiEndpoint).toBe(config.domain !== undefined)
    if (config.domain) expect(origin.DomainName).toBe(config.domain.api.domainName)
  })

  it.each(names)(
    '%s: keeps its state in a protected data stack, under the ids it always had',
    (name) => {
      const { stacks, data } = synth.stages[name] as Synthesised
      expect(stacks.data?.terminationProtection).toBe(true)
      const resources = data?.toJSON().Resources
      for (const [id, type] of [
        ['EnquiriesTable7DAAED76', 'AWS::DynamoDB::GlobalTable'],
        ['SiteBucket978D4AEB', 'AWS::S3::Bucket'],
        ['SiteLogBucket150DDC0F', 'AWS::S3::Bucket'],
      ]) {
        expect(resources[id as string]).toMatchObject({
          Type: type,
          DeletionPolicy: 'RetainExceptOnCreate',
        })
      }
      for (const type of ['AWS::DynamoDB::GlobalTable', 'AWS::S3::Bucket']) {
        expect(resourcesOf(site(name), type)).toEqual([])
      }
    },
  )

  it.each(names)('%s: watches the distribution the site stack last wrote down', (name) => {
    const { cloudFrontAlarms, stacks } = synth.stages[name] as Synthesised
    const monitoring = cloudFrontAlarms.toJSON()
    const alarm = only(monitoring, 'AWS::CloudWatch::Alarm')
    const dimension = alarm.Properties.Dimensions.find((d: Cfn) => d.Name === 'DistributionId')
    expect(monitoring.Parameters[dimension.Value.Ref]).toEqual(
      expect.objectContaining({
        Type: 'AWS::SSM::Parameter::Value<String>',
        Default: `/${stacks.site.stackName}/distribution-id`,
      }),
    )
    const writer = only(site(name), 'Custom::AWS')
    expect(JSON.stringify(writer.Properties.Update)).toContain(
      `/${stacks.site.stackName}/distribution-id`,
    )
  })

  it.each(names)('%s: runs the viewer-request function on pages only', (name) => {
    const { DistributionConfig: config } = only(
      site(name),
      'AWS::CloudFront::Distribution',
    ).Properties
    expect(config.DefaultCacheBehavior.FunctionAssociations).toHaveLength(1)
    const assets = config.CacheBehaviors.find((b: Cfn) => b.PathPattern === '/assets/*')
    expect(assets.FunctionAssociations).toBeUndefined()
  })
})

describe('-c overrides of the committed stages', () => {
  const removable = [
    'domainName',
    'hostedZoneId',
    'hostedZoneName',
    'certificateArn',
    'apiDomainName',
    'apiCertificateArn',
    'waf',
  ] as const

  it.each(names)(
    '%s: blanking any setting its domain, certificate or web ACL rests on is refused',
    (name) => {
      const settings: Record<string, unknown> = stages[name]
      for (const key of removable.filter((key) => settings[key] !== undefined)) {
        expect(() => synthesise({ context: { stage: name, [key]: '' } }), key).toThrow(
          /it would remove the (domain|hosted zone|certificate|API domain|WAF web ACL)/,
        )
      }
    },
  )

  it.each(names)('%s: using existing SES identities instead of its own is refused', (name) => {
    const created = identityPlan(parseStage(name, stages[name], env)).created
    const attempt = () =>
      synthesise({
        context: { stage: name, senderIdentity: 'existing', recipientIdentity: 'existing' },
      })
    if (created.length === 0) {
      // Nothing of its own to lose: the stage already uses identities that exist.
      expect(created).toEqual([])
      return
    }
    for (const identity of created)
      expect(attempt).toThrow(`it would remove the SES identity ${identity}`)
  })

  it.each(names)('%s: moving it to another account or region is refused', (name) => {
    for (const [key, value] of [
      ['account', '210987654321'],
      ['region', 'eu-west-1'],
    ]) {
      expect(() => synthesise({ context: { stage: name, [key as string]: value } })).toThrow(
        `${key} is where the stage is`,
      )
    }
  })
})

describe('-c overrides, each dangerous kind', () => {
  // A stage with everything there is to lose, whatever infra/stages.ts holds today.
  const full = {
    prod: {
      account: '123456789012',
      domainName: 'www.agency.example',
      hostedZoneId: 'Z0123456789ABC',
      hostedZoneName: 'agency.example',
      senderEmail: 'website@agency.example',
      waf: true,
    },
    trial: { account: '123456789012', senderIdentity: 'existing' },
  } satisfies Record<string, StageSettings>
  const fullEnv = { SITE_URL: 'https://www.agency.example' }
  const zoneless = {
    hostedZoneId: '',
    hostedZoneName: '',
    certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/0a1b2c3d-4e5f',
    apiDomainName: 'api.agency.example',
    apiCertificateArn: 'arn:aws:acm:eu-west-2:123456789012:certificate/9f8e7d6c-5b4a',
  }
  it.each<[string, Record<string, string>, string]>([
    ['a forgotten domain', { domainName: '' }, 'it would remove the domain www.agency.example'],
    [
      'another domain',
      { domainName: 'shop.agency.example' },
      'it would remove the domain www.agency.example',
    ],
    [
      'a certificate instead of the zone',
      zoneless,
      'it would remove the certificate issued for www.agency.example',
    ],
    [
      'another API domain',
      { apiDomainName: 'origin.agency.example' },
      'it would remove the API domain api.agency.example',
    ],
    ['no web ACL', { waf: 'false' }, 'it would remove the WAF web ACL'],
    [
      'an existing sender identity',
      { senderIdentity: 'existing' },
      'it would remove the SES identity agency.example',
    ],
    [
      'an address identity',
      { senderIdentity: 'address' },
      'it would remove the SES identity agency.example',
    ],
    [
      'a sender in another domain',
      { senderEmail: 'website@elsewhere.example', senderIdentity: 'address' },
      'it would remove the SES identity agency.example',
    ],
  ])('refuses %s, saying why and where to change it', (_, override, why) => {
    const attempt = () =>
      synthesise({ stages: full, env: fullEnv, context: { stage: 'prod', ...override } })
    expect(attempt).toThrow(why)
    expect(attempt).toThrow('change them there if this is what you want')
  })

  it('takes one that adds: a web ACL on the trial stage, for one run', () => {
    const trial = synthesise({
      stages: full,
      env: fullEnv,
      context: { stage: 'trial', waf: 'true', wafRateLimit: '50' },
    })
    try {
      expect(Object.keys(trial.stages)).toEqual(['trial'])
      expect(trial.violations).toEqual([])
      const [acl] = resourcesOf(trial.edge?.toJSON(), 'AWS::WAFv2::WebACL')
      expect(acl.Properties.Rules[0].Statement.RateBasedStatement.Limit).toBe(50)
    } finally {
      trial.dispose()
    }
  }, 120_000)
})

describe('npm run deploy', () => {
  // What `npm run deploy -- …` runs, without npm's own start-up.
  const run = (...args: string[]) =>
    promisify(execFile)(process.execPath, ['ops/deploy-cli.ts', 'deploy', ...args], {
      cwd: new URL('..', import.meta.url).pathname,
    }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    )

  it('names the stages when given none or an unknown one, before building anything', async () => {
    expect(await run()).toMatchObject({
      code: 2,
      stderr: expect.stringContaining(names.join(', ')),
    })
    expect(await run('demo')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('There is no stage "demo"'),
    })
  }, 30_000)

  it.each(names.filter((name) => placeholdersIn(stages[name]).length > 0))(
    'refuses %s while it holds the template’s placeholders, naming them',
    async (name) => {
      expect(await run(name)).toMatchObject({
        code: 2,
        stderr: expect.stringContaining(
          `${name} stage still holds placeholders: ${placeholdersIn(stages[name])[0]}`,
        ),
      })
    },
    30_000,
  )
})

describe('placeholders', () => {
  it('are the template’s example account and every name under .example', () => {
    expect(
      placeholdersIn({
        account: '123456789012',
        domainName: 'www.elevate-digital.example',
        senderEmail: 'website@elevate-digital.example',
        region: 'eu-west-2',
      }),
    ).toEqual([
      'account 123456789012',
      'domainName www.elevate-digital.example',
      'senderEmail website@elevate-digital.example',
    ])
    expect(
      placeholdersIn({
        account: '210987654321',
        domainName: 'www.agency.co.uk',
        senderEmail: 'web@agency.co.uk',
      }),
    ).toEqual([])
  })
})
