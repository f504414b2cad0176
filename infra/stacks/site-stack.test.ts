import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Match, type Template } from 'aws-cdk-lib/assertions'
import { PolicyStatement, type Role } from 'aws-cdk-lib/aws-iam'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKLOG_AGE_METRIC, pipelineCounts } from '../../functions/metrics.ts'
import { contactApi } from '../../shared/contact.ts'
import { METRICS_NAMESPACE } from '../../shared/delivery-metrics.ts'
import { enquiryTable } from '../../shared/enquiry-table.ts'
import { securityHeaders, toHttpHeaders } from '../../shared/security-headers.ts'
import { viewerRequestFile } from '../../shared/viewer-request.ts'
import { pipelineMetrics } from '../constructs/contact-api.ts'
import { cacheControlFor } from '../local/static-site.ts'
import { retention } from '../retention.ts'
import { type Synthesised, synthesise } from '../testing/synth.ts'

/** The one resource of a type (fails when there are none or several). */
function only(template: Template, type: string, props?: object): [string, Resource] {
  const found = Object.entries(template.findResources(type, props && { Properties: props }))
  expect(found, `exactly one ${type}`).toHaveLength(1)
  return found[0] as [string, Resource]
}

function logicalIdOf(template: Template, type: string, idPrefix: string): string {
  const ids = Object.keys(template.findResources(type)).filter((id) => id.startsWith(idPrefix))
  expect(ids, `one ${type} named ${idPrefix}*`).toHaveLength(1)
  return ids[0] as string
}

/**
 * Synthesised CloudFormation is untyped JSON; the assertions below are what check its shape.
 */
// biome-ignore lint/suspicious/noExplicitAny: see above
type Cfn = any
type Resource = { Type: string; Properties: Cfn; DeletionPolicy?: string } & Cfn

const getAtt = (id: string, attribute: string) => ({ 'Fn::GetAtt': [id, attribute] })

/** The headers a response headers policy makes CloudFront send, as name → value. */
function headersOfPolicy(config: Cfn): Record<string, string> {
  const security = config.SecurityHeadersConfig
  const hsts = security.StrictTransportSecurity
  const overrides = [
    security.ContentSecurityPolicy,
    hsts,
    security.ContentTypeOptions,
    security.FrameOptions,
    security.ReferrerPolicy,
    ...config.CustomHeadersConfig.Items,
  ].map((entry) => entry.Override)
  expect(
    overrides.every((override) => override === true),
    'every header overrides',
  ).toBe(true)
  return {
    'Content-Security-Policy': security.ContentSecurityPolicy.ContentSecurityPolicy,
    'Strict-Transport-Security': [
      `max-age=${hsts.AccessControlMaxAgeSec}`,
      ...(hsts.IncludeSubdomains ? ['includeSubDomains'] : []),
      ...(hsts.Preload ? ['preload'] : []),
    ].join('; '),
    ...(security.ContentTypeOptions && { 'X-Content-Type-Options': 'nosniff' }),
    'X-Frame-Options': security.FrameOptions.FrameOption,
    'Referrer-Policy': security.ReferrerPolicy.ReferrerPolicy,
    ...Object.fromEntries(
      config.CustomHeadersConfig.Items.map((item: { Header: string; Value: string }) => [
        item.Header,
        item.Value,
      ]),
    ),
  }
}

/** Every statement of the IAM policies attached to one role, with actions as sorted arrays. */
function statementsOfRole(template: Template, roleId: string) {
  const policies = Object.values(
    template.findResources('AWS::IAM::Policy', {
      Properties: { Roles: Match.arrayWith([{ Ref: roleId }]) },
    }),
  ) as Resource[]
  return policies.flatMap((policy) =>
    policy.Properties.PolicyDocument.Statement.map((statement: Cfn) => ({
      ...statement,
      Action: [statement.Action].flat().sort(),
    })),
  )
}

function cacheBehaviour(template: Template, pathPattern: string) {
  const [, distribution] = only(template, 'AWS::CloudFront::Distribution')
  const behaviours = distribution.Properties.DistributionConfig.CacheBehaviors as Cfn[]
  const behaviour = behaviours.find((candidate) => candidate.PathPattern === pathPattern)
  expect(behaviour, `a ${pathPattern} behaviour`).toBeDefined()
  return behaviour as Cfn
}

// CloudFront's managed policies, by their documented ids.
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad'
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac'

describe('a stage with no domain, no analytics, functions bundled', () => {
  let synth: Synthesised
  let template: Template
  let data: Template
  beforeAll(() => {
    synth = synthesise({ bundle: true, stages: { prod: {} } })
    template = synth.site
    data = synth.data as Template
  }, 180_000)
  afterAll(() => synth?.dispose())

  /** How the site stack reads a value of the data stack's: that stack's output, by resource id. */
  const fromData = (idPrefix: string) => ({
    'Fn::GetStackOutput': {
      StackName: synth.stacks.data?.stackName,
      Region: 'eu-west-2',
      OutputName: Object.keys(data.toJSON().Outputs).find((name) =>
        name.startsWith(`PublishOutputRef${idPrefix}`),
      ),
    },
  })

  it('is a data stack and a site stack in London, with no edge stack', () => {
    expect(synth.edge).toBeUndefined()
    expect(synth.stacks.site.region).toBe('eu-west-2')
    expect(synth.stacks.data?.region).toBe('eu-west-2')
  })

  it('passes cdk-nag: no finding left unacknowledged, warnings included', () => {
    expect(synth.violations).toEqual([])
  })

  it('gives every acknowledgement a written reason, recorded in the templates', () => {
    const acknowledged = synth.templates
      .flatMap(({ template }) => Object.values(template.Resources as Record<string, Resource>))
      .flatMap((resource) => resource.Metadata?.cdk_nag?.rules_to_suppress ?? [])
      .map((rule: { id: string; reason: string }) => rule)
    expect(acknowledged.length).toBeGreaterThan(0)
    for (const rule of acknowledged) expect(rule.reason.length, rule.id).toBeGreaterThan(40)
    const ids = new Set(acknowledged.map((rule) => rule.id.replace(/\[.*$/, '')))
    expect([...ids].sort()).toEqual([
      '@aws-cdk/aws-cloudfront-origins:listBucketSecurityRisk',
      'AwsSolutions-APIG4',
      'AwsSolutions-CFR1',
      'AwsSolutions-CFR2',
      'AwsSolutions-CFR4',
      'AwsSolutions-IAM5',
      'AwsSolutions-L1',
      'AwsSolutions-S10',
      'AwsSolutions-SMG4',
      'AwsSolutions-SQS3',
    ])
  })

  it('acknowledges exactly the deployment role’s wildcards: the build upload, the site bucket, invalidations', () => {
    const roleId = logicalIdOf(template, 'AWS::IAM::Role', 'SiteDeploymentRole')
    const [, policy] = only(template, 'AWS::IAM::Policy', { Roles: [{ Ref: roleId }] })
    const findings = (policy.Metadata.cdk_nag.rules_to_suppress as { id: string }[]).map(
      (rule) => rule.id,
    )
    // The upload's bucket is whatever the stack's synthesizer publishes assets to: read from the
    // deployment itself, not assumed.
    const [deployment] = Object.values(
      template.findResources('Custom::CDKBucketDeployment'),
    ) as Resource[]
    const uploadBucket = (
      (deployment as Resource).Properties.SourceBucketNames[0]['Fn::Sub'] as string
    )
      .replace(/\$\{/g, '<')
      .replace(/\}/g, '>')
    const siteBucket = JSON.stringify(fromData('SiteBucket'))
    expect(findings.sort()).toEqual(
      [
        'Action::s3:Abort*',
        'Action::s3:DeleteObject*',
        'Action::s3:GetBucket*',
        'Action::s3:GetObject*',
        'Action::s3:List*',
        `Resource::arn:aws:s3:::${uploadBucket}/*`,
        `Resource::arn:aws:s3:::${siteBucket}/*`,
        'Resource::*',
      ]
        .map((finding) => `AwsSolutions-IAM5[${finding}]`)
        .sort(),
    )
  })

  describe('static site', () => {
    it('keeps both buckets private, encrypted, SSL-only and retained, in the data stack', () => {
      const buckets = data.findResources('AWS::S3::Bucket') as Record<string, Resource>
      expect(Object.keys(buckets)).toHaveLength(2)
      template.resourceCountIs('AWS::S3::Bucket', 0)
      const sslOnly = Match.objectLike({
        Effect: 'Deny',
        Action: 's3:*',
        Principal: { AWS: '*' },
        Condition: { Bool: { 'aws:SecureTransport': 'false' } },
      })
      for (const [id, bucket] of Object.entries(buckets)) {
        expect(bucket.DeletionPolicy, id).toBe('Retain')
        expect(bucket.Properties.PublicAccessBlockConfiguration, id).toEqual({
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        })
        expect(bucket.Properties.BucketEncryption, id).toEqual({
          ServerSideEncryptionConfiguration: [
            { ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } },
          ],
        })
      }
      // Each bucket has one policy: the log bucket's beside it, the site bucket's beside the
      // distribution it names.
      data.hasResourceProperties('AWS::S3::BucketPolicy', {
        Bucket: { Ref: logicalIdOf(data, 'AWS::S3::Bucket', 'SiteLogBucket') },
        PolicyDocument: { Statement: Match.arrayWith([sslOnly]) },
      })
      data.resourceCountIs('AWS::S3::BucketPolicy', 1)
      const [, policy] = only(template, 'AWS::S3::BucketPolicy')
      expect(policy.Properties.Bucket).toEqual(fromData('SiteBucket'))
      template.hasResourceProperties('AWS::S3::BucketPolicy', {
        PolicyDocument: { Statement: Match.arrayWith([sslOnly]) },
      })
    })

    it('lets only this distribution read and list the site bucket, through OAC', () => {
      const bucketArnParts = ['arn:aws:s3:::', fromData('SiteBucket')]
      const bucketArn = { 'Fn::Join': ['', bucketArnParts] }
      const distributionId = logicalIdOf(template, 'AWS::CloudFront::Distribution', 'Site')
      const [oacId] = only(template, 'AWS::CloudFront::OriginAccessControl', {
        OriginAccessControlConfig: {
          OriginAccessControlOriginType: 's3',
          SigningBehavior: 'always',
          SigningProtocol: 'sigv4',
        },
      })
      const [, distribution] = only(template, 'AWS::CloudFront::Distribution')
      const s3Origins = distribution.Properties.DistributionConfig.Origins.filter(
        (origin: Cfn) => origin.S3OriginConfig,
      )
      expect(s3Origins).toEqual([
        expect.objectContaining({
          DomainName: { 'Fn::Join': ['', [fromData('SiteBucket'), '.s3.eu-west-2.amazonaws.com']] },
          OriginAccessControlId: getAtt(oacId, 'Id'),
          S3OriginConfig: { OriginAccessIdentity: '' },
        }),
      ])
      const [, policy] = only(template, 'AWS::S3::BucketPolicy')
      const allows = policy.Properties.PolicyDocument.Statement.filter(
        (statement: Cfn) => statement.Effect === 'Allow',
      )
      expect(allows).toEqual([
        {
          Effect: 'Allow',
          Principal: { Service: 'cloudfront.amazonaws.com' },
          Action: ['s3:GetObject', 's3:ListBucket'],
          Resource: [{ 'Fn::Join': ['', [...bucketArnParts, '/*']] }, bucketArn],
          Condition: {
            StringEquals: {
              'AWS:SourceArn': {
                'Fn::Join': [
                  '',
                  [
                    'arn:',
                    { Ref: 'AWS::Partition' },
                    ':cloudfront::',
                    { Ref: 'AWS::AccountId' },
                    ':distribution/',
                    { Ref: distributionId },
                  ],
                ],
              },
            },
          },
        },
      ])
    })

    it('redirects to HTTPS, speaks HTTP/2 and HTTP/3, compresses and maps 404 to /404.html', () => {
      template.hasResourceProperties('AWS::CloudFront::Distribution', {
        DistributionConfig: Match.objectLike({
          DefaultCacheBehavior: Match.objectLike({
            ViewerProtocolPolicy: 'redirect-to-https',
            Compress: true,
          }),
          HttpVersion: 'http2and3',
          IPV6Enabled: true,
          DefaultRootObject: 'index.html',
          CustomErrorResponses: [
            {
              ErrorCode: 404,
              ResponseCode: 404,
              ResponsePagePath: '/404.html',
              ErrorCachingMinTTL: 300,
            },
          ],
        }),
      })
      expect(cacheBehaviour(template, '/assets/*')).toMatchObject({
        ViewerProtocolPolicy: 'redirect-to-https',
        Compress: true,
      })
    })

    it('caches hashed assets for a year and HTML briefly, with brotli and gzip', () => {
      const policies = template.findResources('AWS::CloudFront::CachePolicy') as Record<
        string,
        Resource
      >
      const configOf = (ref: { Ref: string }) =>
        policies[ref.Ref]?.Properties.CachePolicyConfig as Cfn
      const [, distribution] = only(template, 'AWS::CloudFront::Distribution')
      const html = configOf(
        distribution.Properties.DistributionConfig.DefaultCacheBehavior.CachePolicyId,
      )
      const assets = configOf(cacheBehaviour(template, '/assets/*').CachePolicyId)
      expect(assets).toMatchObject({
        MinTTL: 31_536_000,
        DefaultTTL: 31_536_000,
        MaxTTL: 31_536_000,
      })
      expect(html).toMatchObject({ MinTTL: 300, DefaultTTL: 300, MaxTTL: 3600 })
      for (const config of [html, assets]) {
        expect(config.ParametersInCacheKeyAndForwardedToOrigin).toMatchObject({
          EnableAcceptEncodingBrotli: true,
          EnableAcceptEncodingGzip: true,
          QueryStringsConfig: { QueryStringBehavior: 'none' },
        })
      }
    })

    it('sends the security headers the local server sends (shared definition)', () => {
      const [policyId, policy] = only(template, 'AWS::CloudFront::ResponseHeadersPolicy')
      expect(headersOfPolicy(policy.Properties.ResponseHeadersPolicyConfig)).toEqual(
        toHttpHeaders(securityHeaders({ analytics: false })),
      )
      const [, distribution] = only(template, 'AWS::CloudFront::Distribution')
      const config = distribution.Properties.DistributionConfig
      for (const behaviour of [config.DefaultCacheBehavior, ...config.CacheBehaviors]) {
        expect(behaviour.ResponseHeadersPolicyId).toEqual({ Ref: policyId })
      }
    })

    it('runs the shared viewer-request function file on page requests only', () => {
      const [functionId, fn] = only(template, 'AWS::CloudFront::Function')
      expect(fn.Properties.FunctionCode).toBe(readFileSync(viewerRequestFile, 'utf8'))
      expect(fn.Properties.FunctionConfig.Runtime).toBe('cloudfront-js-2.0')
      expect(fn.Properties.AutoPublish).toBe(true)
      const [, distribution] = only(template, 'AWS::CloudFront::Distribution')
      expect(
        distribution.Properties.DistributionConfig.DefaultCacheBehavior.FunctionAssociations,
      ).toEqual([{ EventType: 'viewer-request', FunctionARN: getAtt(functionId, 'FunctionARN') }])
      // Hashed assets are requested by their exact key: no rewrite, no invocation to pay for.
      expect(cacheBehaviour(template, '/assets/*').FunctionAssociations).toBeUndefined()
    })

    it('sends /api/* uncached, with the viewer headers and body, to the HTTP API', () => {
      const api = cacheBehaviour(template, '/api/*')
      expect(api).toMatchObject({
        CachePolicyId: CACHING_DISABLED,
        OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER,
        ViewerProtocolPolicy: 'https-only',
        AllowedMethods: expect.arrayContaining(['POST']),
      })
      expect(api.FunctionAssociations).toBeUndefined()
      const [apiId] = only(template, 'AWS::ApiGatewayV2::Api')
      const [, distribution] = only(template, 'AWS::CloudFront::Distribution')
      const origin = distribution.Properties.DistributionConfig.Origins.find(
        (candidate: Cfn) => candidate.Id === api.TargetOriginId,
      )
      expect(origin).toEqual({
        Id: api.TargetOriginId,
        DomainName: { 'Fn::Select': [2, { 'Fn::Split': ['/', getAtt(apiId, 'ApiEndpoint')] }] },
        // The per-stage secret path and header (infra/deployment-contexts.test.ts).
        OriginPath: expect.anything(),
        CustomOriginConfig: { OriginProtocolPolicy: 'https-only', OriginSSLProtocols: ['TLSv1.2'] },
        OriginCustomHeaders: [{ HeaderName: 'x-origin-verify', HeaderValue: expect.anything() }],
      })
    })

    it('logs CloudFront and S3 access to a bucket that expires them', () => {
      const logBucketId = logicalIdOf(data, 'AWS::S3::Bucket', 'SiteLogBucket')
      data.hasResourceProperties('AWS::S3::Bucket', {
        OwnershipControls: { Rules: [{ ObjectOwnership: 'BucketOwnerPreferred' }] },
        LifecycleConfiguration: {
          Rules: [
            Match.objectLike({
              Status: 'Enabled',
              ExpirationInDays: retention.accessLogDays,
            }),
          ],
        },
      })
      data.hasResourceProperties('AWS::S3::Bucket', {
        LoggingConfiguration: { DestinationBucketName: { Ref: logBucketId }, LogFilePrefix: 's3/' },
      })
      const [, distribution] = only(template, 'AWS::CloudFront::Distribution')
      expect(distribution.Properties.DistributionConfig.Logging).toEqual({
        Bucket: { 'Fn::Join': ['', [fromData('SiteLogBucket'), '.s3.eu-west-2.amazonaws.com']] },
        Prefix: 'cloudfront/',
      })
    })

    it('deploys the build with the local server’s cache rules, then invalidates', () => {
      const deployments = Object.values(
        template.findResources('Custom::CDKBucketDeployment'),
      ) as Resource[]
      const byInclude = (include: string) =>
        deployments.find((d) => d.Properties.Include?.includes(include))?.Properties
      const assets = byInclude('assets/*')
      const pages = byInclude('*.html')
      const files = deployments.find((d) => !d.Properties.Include)?.Properties
      expect(deployments).toHaveLength(3)
      expect(assets).toMatchObject({
        Exclude: ['*'],
        Prune: false,
        SystemMetadata: { 'cache-control': cacheControlFor('/assets/entries/page.AbCd1234.js') },
      })
      expect(files).toMatchObject({
        Exclude: ['assets/*', '*.html'],
        Prune: true,
        SystemMetadata: { 'cache-control': cacheControlFor('/favicon.svg') },
      })
      expect(pages).toMatchObject({
        Exclude: ['*'],
        Prune: true,
        SystemMetadata: { 'cache-control': cacheControlFor('/about/index.html') },
        DistributionPaths: ['/*'],
      })
      expect(assets?.DistributionId).toBeUndefined()
      // One upload of the build, without Vite's manifest.
      const keys = new Set(deployments.flatMap((d) => d.Properties.SourceObjectKeys))
      expect(keys.size).toBe(1)
      const staged = readdirSync(synth.outdir).find(
        (name) => name.startsWith('asset.') && existsSync(join(synth.outdir, name, '404.html')),
      )
      expect(staged).toBeDefined()
      expect(existsSync(join(synth.outdir, staged as string, 'about/index.html'))).toBe(true)
      expect(existsSync(join(synth.outdir, staged as string, '.vite'))).toBe(false)
    })
  })

  describe('contact API', () => {
    it('routes both contact paths to the contact function, throttled, logged, without CORS', () => {
      const [apiId, api] = only(template, 'AWS::ApiGatewayV2::Api')
      expect(api.Properties.ProtocolType).toBe('HTTP')
      expect(api.Properties.CorsConfiguration).toBeUndefined()
      const routes = Object.values(template.findResources('AWS::ApiGatewayV2::Route')) as Resource[]
      // ANY, so the handler itself answers other methods with 405 and `Allow: POST`; under the
      // secret segment CloudFront adds (infra/deployment-contexts.test.ts).
      const keys = routes.map((route) => route.Properties.RouteKey['Fn::Join'][1])
      expect(keys.map((parts: Cfn[]) => [parts[0], parts.at(-1)]).sort()).toEqual(
        [
          ['ANY /{{resolve:secretsmanager:', `:SecretString:::}}${contactApi.path}`],
          ['ANY /{{resolve:secretsmanager:', `:SecretString:::}}${contactApi.formPath}`],
        ].sort(),
      )
      const contactFunctionId = logicalIdOf(template, 'AWS::Lambda::Function', 'ContactApiContact')
      template.allResourcesProperties('AWS::ApiGatewayV2::Integration', {
        IntegrationType: 'AWS_PROXY',
        IntegrationUri: getAtt(contactFunctionId, 'Arn'),
        PayloadFormatVersion: '2.0',
      })
      const accessLogsId = logicalIdOf(template, 'AWS::Logs::LogGroup', 'ContactApiAccessLogs')
      template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
        ApiId: { Ref: apiId },
        StageName: '$default',
        AutoDeploy: true,
        DefaultRouteSettings: { ThrottlingRateLimit: 5, ThrottlingBurstLimit: 10 },
        AccessLogSettings: {
          DestinationArn: getAtt(accessLogsId, 'Arn'),
          Format: Match.anyValue(),
        },
      })
    })

    it('runs both functions on Node 24, arm64, bundled with source maps, each with its log group', () => {
      const functions = template.findResources('AWS::Lambda::Function', {
        Properties: { Handler: 'index.handler' },
      }) as Record<string, Resource>
      const ids = Object.keys(functions).filter((id) => id.startsWith('ContactApi'))
      expect(ids).toHaveLength(2)
      const assetKeys = new Set<string>()
      for (const id of ids) {
        const properties = functions[id]?.Properties as Cfn
        expect(properties.Runtime, id).toBe('nodejs24.x')
        expect(properties.Architectures, id).toEqual(['arm64'])
        const logGroup = template.findResources('AWS::Logs::LogGroup')[
          properties.LoggingConfig.LogGroup.Ref
        ] as Resource
        expect(logGroup.Properties.RetentionInDays, id).toBe(30)
        expect(logGroup.DeletionPolicy, id).toBe('Retain')
        const env = properties.Environment.Variables
        expect(Object.keys(env).sort(), id).toEqual(
          [
            'AGENCY_EMAIL',
            'ENQUIRIES_TABLE',
            'NODE_OPTIONS',
            'SENDER_EMAIL',
            'SES_CONFIGURATION_SET',
            'STAGE',
            ...(id.startsWith('ContactApiContactFunction') ? ['ORIGIN_SECRET'] : []),
          ].sort(),
        )
        expect(env.STAGE).toBe('prod')
        expect(env.SES_CONFIGURATION_SET).toEqual({
          Ref: logicalIdOf(template, 'AWS::SES::ConfigurationSet', 'DeliveryEvents'),
        })
        expect(env.ENQUIRIES_TABLE).toEqual(fromData('EnquiriesTable'))
        expect(env.SENDER_EMAIL).toBe('hello@elevate-digital.example')
        expect(env.AGENCY_EMAIL).toBe('hello@elevate-digital.example')
        expect(env.NODE_OPTIONS).toBe('--enable-source-maps')
        assetKeys.add(properties.Code.S3Key)
      }
      // esbuild really bundled the handlers: a minified ES module and its source map each.
      expect(assetKeys.size).toBe(2)
      for (const key of assetKeys) {
        const directory = join(synth.outdir, `asset.${key.replace(/\.zip$/, '')}`)
        const code = readFileSync(join(directory, 'index.mjs'), 'utf8')
        expect(code).toMatch(/createRequire/)
        expect(code).toMatch(/export\s*\{/)
        expect(existsSync(join(directory, 'index.mjs.map'))).toBe(true)
      }
    })

    it('runs the retry function every minute, each run over before the next', () => {
      const retryId = logicalIdOf(template, 'AWS::Lambda::Function', 'ContactApiNotificationRetry')
      template.hasResourceProperties('AWS::Events::Rule', {
        ScheduleExpression: 'rate(1 minute)',
        State: 'ENABLED',
        Targets: [
          Match.objectLike({
            Arn: getAtt(retryId, 'Arn'),
            RetryPolicy: { MaximumRetryAttempts: 0 },
          }),
        ],
      })
      template.hasResourceProperties('AWS::Lambda::Function', {
        Handler: 'index.handler',
        Timeout: 50,
        Description: Match.stringLikeRegexp('Re-sends'),
      })
      template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
        FunctionName: { Ref: retryId },
        MaximumRetryAttempts: 0,
        MaximumEventAgeInSeconds: 60,
      })
    })
  })

  describe('enquiries table', () => {
    it('is on demand, expires items on expiresAt, has PITR, encryption and both indexes', () => {
      template.resourceCountIs('AWS::DynamoDB::GlobalTable', 0)
      const [, table] = only(data, 'AWS::DynamoDB::GlobalTable')
      expect(table.DeletionPolicy).toBe('Retain')
      expect(table.UpdateReplacePolicy).toBe('Retain')
      const properties = table.Properties
      expect(properties.BillingMode).toBe('PAY_PER_REQUEST')
      expect(properties.KeySchema).toEqual([
        { AttributeName: enquiryTable.partitionKey, KeyType: 'HASH' },
      ])
      expect(properties.TimeToLiveSpecification).toEqual({
        AttributeName: enquiryTable.ttlAttribute,
        Enabled: true,
      })
      expect(enquiryTable.ttlAttribute).toBe('expiresAt')
      expect(properties.SSESpecification).toEqual({ SSEEnabled: true, SSEType: 'KMS' })
      expect(properties.Replicas).toEqual([
        expect.objectContaining({
          Region: 'eu-west-2',
          DeletionProtectionEnabled: true,
          PointInTimeRecoverySpecification: {
            PointInTimeRecoveryEnabled: true,
            RecoveryPeriodInDays: retention.pointInTimeRecoveryDays,
          },
        }),
      ])
      const indexes = Object.fromEntries(
        properties.GlobalSecondaryIndexes.map((index: Cfn) => [
          index.IndexName,
          { keys: index.KeySchema, projection: index.Projection.ProjectionType },
        ]),
      )
      const { pendingEmailIndex, emailIndex, refIndex, attentionIndex, messageIndex } = enquiryTable
      // Only the data-subject index copies whole items: the others hold keys, no personal data.
      expect(indexes).toEqual({
        [pendingEmailIndex.name]: {
          keys: [
            { AttributeName: pendingEmailIndex.partitionKey, KeyType: 'HASH' },
            { AttributeName: pendingEmailIndex.sortKey, KeyType: 'RANGE' },
          ],
          projection: 'KEYS_ONLY',
        },
        [emailIndex.name]: {
          keys: [
            { AttributeName: emailIndex.partitionKey, KeyType: 'HASH' },
            { AttributeName: emailIndex.sortKey, KeyType: 'RANGE' },
          ],
          projection: 'ALL',
        },
        [refIndex.name]: {
          keys: [{ AttributeName: refIndex.partitionKey, KeyType: 'HASH' }],
          projection: 'KEYS_ONLY',
        },
        [attentionIndex.name]: {
          keys: [
            { AttributeName: attentionIndex.partitionKey, KeyType: 'HASH' },
            { AttributeName: attentionIndex.sortKey, KeyType: 'RANGE' },
          ],
          projection: 'KEYS_ONLY',
        },
        [messageIndex.name]: {
          keys: [
            { AttributeName: messageIndex.partitionKey, KeyType: 'HASH' },
            { AttributeName: messageIndex.sortKey, KeyType: 'RANGE' },
          ],
          projection: 'KEYS_ONLY',
        },
      })
      // Index keys are strings, as the functions write them (ISO timestamps, ids, addresses).
      for (const definition of properties.AttributeDefinitions) {
        expect(definition.AttributeType).toBe('S')
      }
    })
  })

  describe('permissions', () => {
    // The table is the data stack's, named through its output.
    const tableArn = (suffix = '') => ({
      'Fn::Join': [
        '',
        [
          'arn:aws:dynamodb:eu-west-2:',
          { Ref: 'AWS::AccountId' },
          ':table/',
          fromData('EnquiriesTable'),
          ...(suffix ? [suffix] : []),
        ],
      ],
    })
    // SES authorises a send against the configuration set it names as well as the sender.
    const sendAsSender = () => ({
      Effect: 'Allow',
      Action: ['ses:SendEmail'],
      Resource: [
        {
          'Fn::Join': [
            '',
            [
              'arn:aws:ses:eu-west-2:',
              { Ref: 'AWS::AccountId' },
              ':configuration-set/',
              { Ref: logicalIdOf(template, 'AWS::SES::ConfigurationSet', 'DeliveryEvents') },
            ],
          ],
        },
        {
          'Fn::Join': [
            '',
            [
              'arn:aws:ses:eu-west-2:',
              { Ref: 'AWS::AccountId' },
              ':identity/hello@elevate-digital.example',
            ],
          ],
        },
      ],
    })
    const writeLogs = (logGroupId: string) => ({
      Effect: 'Allow',
      Action: ['logs:CreateLogStream', 'logs:PutLogEvents'],
      Resource: getAtt(logGroupId, 'Arn'),
    })

    it('lets the contact function put, get and update items, query the message index, send as the sender, and log', () => {
      const roleId = logicalIdOf(template, 'AWS::IAM::Role', 'ContactApiContactRole')
      expect(statementsOfRole(template, roleId)).toEqual(
        expect.arrayContaining([
          writeLogs(logicalIdOf(template, 'AWS::Logs::LogGroup', 'ContactApiContactLogs')),
          {
            Effect: 'Allow',
            Action: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
            Resource: tableArn(),
          },
          {
            Effect: 'Allow',
            Action: ['dynamodb:Query'],
            Resource: tableArn(`/index/${enquiryTable.messageIndex.name}`),
          },
          sendAsSender(),
        ]),
      )
      expect(statementsOfRole(template, roleId)).toHaveLength(4)
    })

    it('lets the retry function query the pending index only, get and update items, send, log', () => {
      const roleId = logicalIdOf(template, 'AWS::IAM::Role', 'ContactApiNotificationRetryRole')
      const statements = statementsOfRole(template, roleId)
      expect(statements).toEqual(
        expect.arrayContaining([
          writeLogs(
            logicalIdOf(template, 'AWS::Logs::LogGroup', 'ContactApiNotificationRetryLogs'),
          ),
          {
            Effect: 'Allow',
            Action: ['dynamodb:GetItem', 'dynamodb:UpdateItem'],
            Resource: tableArn(),
          },
          {
            Effect: 'Allow',
            Action: ['dynamodb:Query'],
            Resource: tableArn(`/index/${enquiryTable.pendingEmailIndex.name}`),
          },
          sendAsSender(),
        ]),
      )
      expect(statements).toHaveLength(4)
    })

    it('gives the function roles no managed or inline policies beyond those', () => {
      const roles = template.findResources('AWS::IAM::Role') as Record<string, Resource>
      for (const prefix of ['ContactApiContactRole', 'ContactApiNotificationRetryRole']) {
        const role = roles[logicalIdOf(template, 'AWS::IAM::Role', prefix)] as Resource
        expect(role.Properties.ManagedPolicyArns, prefix).toBeUndefined()
        expect(role.Properties.Policies, prefix).toBeUndefined()
        expect(role.Properties.AssumeRolePolicyDocument.Statement).toEqual([
          expect.objectContaining({ Principal: { Service: 'lambda.amazonaws.com' } }),
        ])
      }
    })

    it('grants nothing in the stack on the table or SES beyond those actions', () => {
      const policies = Object.values(template.findResources('AWS::IAM::Policy')) as Resource[]
      const actions = policies.flatMap((policy) =>
        policy.Properties.PolicyDocument.Statement.flatMap((statement: Cfn) =>
          [statement.Action].flat(),
        ),
      )
      expect(actions).not.toContain('*')
      const dynamo = new Set(actions.filter((action: string) => action.startsWith('dynamodb:')))
      expect([...dynamo].sort()).toEqual([
        // The digest's read of the enquiries it lists.
        'dynamodb:BatchGetItem',
        'dynamodb:GetItem',
        'dynamodb:PutItem',
        'dynamodb:Query',
        'dynamodb:UpdateItem',
      ])
      const ses = new Set(actions.filter((action: string) => action.startsWith('ses:')))
      expect([...ses]).toEqual(['ses:SendEmail'])
    })
  })

  describe('notifications and alarms', () => {
    it('verifies the sender address in SES, in the data stack', () => {
      template.resourceCountIs('AWS::SES::EmailIdentity', 0)
      data.hasResourceProperties('AWS::SES::EmailIdentity', {
        EmailIdentity: 'hello@elevate-digital.example',
      })
    })

    it('has an encrypted, SSL-only ops topic CloudWatch may publish to, with no subscriber', () => {
      const topicId = logicalIdOf(template, 'AWS::SNS::Topic', 'Notifications')
      const topic = template.findResources('AWS::SNS::Topic')[topicId] as Resource
      expect(topic.Properties.KmsMasterKeyId).toEqual(
        getAtt(logicalIdOf(template, 'AWS::KMS::Key', 'Notifications'), 'Arn'),
      )
      template.hasResourceProperties('AWS::KMS::Key', { EnableKeyRotation: true })
      template.hasResourceProperties('AWS::SNS::TopicPolicy', {
        Topics: [{ Ref: topicId }],
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({
              Effect: 'Deny',
              Condition: { Bool: { 'aws:SecureTransport': 'false' } },
            }),
            Match.objectLike({
              Effect: 'Allow',
              Action: 'sns:Publish',
              Principal: { Service: 'cloudwatch.amazonaws.com' },
            }),
          ]),
        },
      })
      template.resourceCountIs('AWS::SNS::Subscription', 1)
      template.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'lambda' })
    })

    it('alarms ops on function errors, API 5xx and e-mails given up', () => {
      const topicId = logicalIdOf(template, 'AWS::SNS::Topic', 'Notifications')
      // The Alarms construct's own (HealthMonitoring's are checked in deployment-contexts.test.ts, DeliveryEvents' in
      // infra/constructs/delivery-events.test.ts).
      const alarms = Object.entries(template.findResources('AWS::CloudWatch::Alarm'))
        .filter(([id]) => id.startsWith('Alarms'))
        .map(([, alarm]) => alarm) as Resource[]
      expect(alarms).toHaveLength(6)
      for (const alarm of alarms) {
        expect(alarm.Properties).toMatchObject({
          AlarmActions: [{ Ref: topicId }],
          OKActions: [{ Ref: topicId }],
        })
        if (alarm.Properties.MetricName === 'OldestUndeliveredAgeSeconds') continue
        expect(alarm.Properties).toMatchObject({
          Threshold: 1,
          ComparisonOperator: 'GreaterThanOrEqualToThreshold',
          TreatMissingData: 'notBreaching',
          Statistic: 'Sum',
        })
      }
      const watched = alarms.map((alarm) => {
        const { Namespace, MetricName, Dimensions } = alarm.Properties
        return `${Namespace} ${MetricName} ${JSON.stringify(Dimensions?.[0]?.Value ?? null)}`
      })
      const contactId = logicalIdOf(template, 'AWS::Lambda::Function', 'ContactApiContact')
      const retryId = logicalIdOf(template, 'AWS::Lambda::Function', 'ContactApiNotificationRetry')
      const digestId = logicalIdOf(template, 'AWS::Lambda::Function', 'DigestSend')
      const apiId = logicalIdOf(template, 'AWS::ApiGatewayV2::Api', 'ContactApi')
      expect(watched.sort()).toEqual(
        [
          `AWS/Lambda Errors ${JSON.stringify({ Ref: contactId })}`,
          `AWS/Lambda Errors ${JSON.stringify({ Ref: retryId })}`,
          `AWS/Lambda Errors ${JSON.stringify({ Ref: digestId })}`,
          `AWS/ApiGateway 5xx ${JSON.stringify({ Ref: apiId })}`,
          'ElevateDigital/Enquiries EnquiryGaveUp "notification-retry"',
          'ElevateDigital/Enquiries OldestUndeliveredAgeSeconds "notification-retry"',
        ].sort(),
      )
    })

    it('alarms on the metrics the functions emit: a give-up at once, a backlog over 15 minutes', () => {
      expect(pipelineMetrics.namespace).toBe(METRICS_NAMESPACE)
      expect(pipelineCounts).toContain(pipelineMetrics.gaveUp)
      expect(pipelineMetrics.backlogAge).toBe(BACKLOG_AGE_METRIC)
      template.resourceCountIs('AWS::Logs::MetricFilter', 0)
      const dimensions = [
        { Name: 'service', Value: 'notification-retry' },
        { Name: 'stage', Value: 'prod' },
      ]
      template.hasResourceProperties('AWS::CloudWatch::Alarm', {
        Namespace: METRICS_NAMESPACE,
        MetricName: 'EnquiryGaveUp',
        Dimensions: dimensions,
        Statistic: 'Sum',
        Threshold: 1,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      })
      template.hasResourceProperties('AWS::CloudWatch::Alarm', {
        Namespace: METRICS_NAMESPACE,
        MetricName: 'OldestUndeliveredAgeSeconds',
        Dimensions: dimensions,
        Statistic: 'Maximum',
        Threshold: 900,
        ComparisonOperator: 'GreaterThanThreshold',
        TreatMissingData: 'breaching',
      })
      template.hasResourceProperties('AWS::Lambda::Function', {
        Environment: { Variables: Match.objectLike({ STAGE: 'prod' }) },
      })
    })
  })

  it('keeps the logical ids of stateful resources, so no refactor can replace them', () => {
    // Renaming a construct changes its logical id, and CloudFormation then deletes the old
    // resource (or, being retained, orphans it) and creates an empty new one. These are the ids
    // of the single stack of earlier releases: the data stack keeps them, so `cdk import` adopts
    // an existing deployment's table and buckets as they are (docs/deploy.md).
    const pinned: [Template, string, string][] = [
      [data, 'EnquiriesTable7DAAED76', 'AWS::DynamoDB::GlobalTable'],
      [data, 'SiteBucket978D4AEB', 'AWS::S3::Bucket'],
      [data, 'SiteLogBucket150DDC0F', 'AWS::S3::Bucket'],
      [data, 'SiteLogBucketPolicy0DF17370', 'AWS::S3::BucketPolicy'],
      [data, 'NotificationsSenderIdentity338B0697', 'AWS::SES::EmailIdentity'],
      // The site bucket's policy stays in the site stack, updated in place, never deleted.
      [template, 'SiteBucketPolicy45F6EBA1', 'AWS::S3::BucketPolicy'],
      [template, 'SiteDistribution390DED28', 'AWS::CloudFront::Distribution'],
      [template, 'NotificationsOpsTopicEC038383', 'AWS::SNS::Topic'],
      [template, 'ContactApiContactLogsCD3CC645', 'AWS::Logs::LogGroup'],
      [template, 'ContactApiNotificationRetryLogs3994ED7D', 'AWS::Logs::LogGroup'],
      [template, 'ContactApiAccessLogs4EDC187F', 'AWS::Logs::LogGroup'],
    ]
    for (const [stack, id, type] of pinned) {
      expect((stack.toJSON().Resources as Record<string, Resource>)[id]?.Type, id).toBe(type)
    }
  })
})

describe('a wildcard added to the site deployment role', () => {
  it('fails the synth, since no reason covers it', () => {
    expect(() =>
      synthesise({
        stages: { prod: {} },
        beforeSynth: (stages) => {
          const role = stages.prod?.site.site.node.findChild('DeploymentRole') as Role
          role.addToPrincipalPolicy(
            new PolicyStatement({ actions: ['s3:PutBucket*'], resources: ['*'] }),
          )
        },
      }),
    ).toThrow(
      /holds a wildcard no reason covers: s3:PutBucket\*[\s\S]*holds a wildcard no reason covers: \*/,
    )
  }, 120_000)
})

describe('a deployment with a Route 53 domain, analytics and an ops address', () => {
  let synth: Synthesised
  beforeAll(() => {
    synth = synthesise({
      stages: {
        prod: {
          account: '123456789012',
          region: 'eu-west-1',
          domainName: 'www.elevate-digital.example',
          hostedZoneId: 'Z0123456789ABC',
          hostedZoneName: 'elevate-digital.example',
          opsEmail: 'ops@elevate-digital.example',
        },
      },
      env: { SITE_URL: 'https://www.elevate-digital.example', GA_MEASUREMENT_ID: 'G-TEST123' },
    })
  }, 120_000)
  afterAll(() => synth?.dispose())

  it('passes cdk-nag with nothing unacknowledged (and no longer needs CFR4)', () => {
    expect(synth.violations).toEqual([])
    const acknowledged = JSON.stringify(synth.site.toJSON())
    expect(acknowledged).not.toContain('AwsSolutions-CFR4')
  })

  it('validates a certificate in us-east-1 through DNS and serves the domain with TLS 1.2 (2025)', () => {
    expect(synth.stacks.edge?.region).toBe('us-east-1')
    synth.edge?.hasResourceProperties('AWS::CertificateManager::Certificate', {
      DomainName: 'www.elevate-digital.example',
      ValidationMethod: 'DNS',
      DomainValidationOptions: [
        { DomainName: 'www.elevate-digital.example', HostedZoneId: 'Z0123456789ABC' },
      ],
    })
    synth.site.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Aliases: ['www.elevate-digital.example'],
        ViewerCertificate: {
          AcmCertificateArn: Match.anyValue(),
          MinimumProtocolVersion: 'TLSv1.2_2025',
          SslSupportMethod: 'sni-only',
        },
      }),
    })
    for (const type of ['A', 'AAAA']) {
      synth.site.hasResourceProperties('AWS::Route53::RecordSet', {
        Name: 'www.elevate-digital.example.',
        Type: type,
        HostedZoneId: 'Z0123456789ABC',
        AliasTarget: Match.objectLike({ HostedZoneId: Match.anyValue() }),
      })
    }
  })

  it('verifies the whole sender domain with DKIM records in the zone, from the data stack', () => {
    synth.data?.hasResourceProperties('AWS::SES::EmailIdentity', {
      EmailIdentity: 'elevate-digital.example',
    })
    const dkim = synth.data?.findResources('AWS::Route53::RecordSet', {
      Properties: { Type: 'CNAME' },
    })
    expect(Object.keys(dkim ?? {})).toHaveLength(3)
  })

  it('admits Google Analytics in the CSP, exactly as the shared definition does', () => {
    const [, policy] = only(synth.site, 'AWS::CloudFront::ResponseHeadersPolicy')
    expect(headersOfPolicy(policy.Properties.ResponseHeadersPolicyConfig)).toEqual(
      toHttpHeaders(securityHeaders({ analytics: true })),
    )
  })

  it('subscribes the ops address to the alarm topic', () => {
    synth.site.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'ops@elevate-digital.example',
    })
  })
})

describe('a deployment with an existing certificate', () => {
  let synth: Synthesised
  const certificateArn =
    'arn:aws:acm:us-east-1:123456789012:certificate/0a1b2c3d-4e5f-6789-abcd-ef0123456789'
  beforeAll(() => {
    synth = synthesise({
      stages: {
        prod: {
          domainName: 'www.elevate-digital.example',
          certificateArn,
          apiDomainName: 'api.elevate-digital.example',
          apiCertificateArn: 'arn:aws:acm:eu-west-2:123456789012:certificate/9f8e7d6c-5b4a',
        },
      },
      env: { SITE_URL: 'https://www.elevate-digital.example' },
    })
  }, 120_000)
  afterAll(() => synth?.dispose())

  it('needs no edge stack, writes no DNS records and passes cdk-nag', () => {
    expect(synth.edge).toBeUndefined()
    expect(synth.violations).toEqual([])
    for (const template of [synth.site, synth.data]) {
      template?.resourceCountIs('AWS::Route53::RecordSet', 0)
    }
    synth.site.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Aliases: ['www.elevate-digital.example'],
        ViewerCertificate: Match.objectLike({ AcmCertificateArn: certificateArn }),
      }),
    })
  })
})
