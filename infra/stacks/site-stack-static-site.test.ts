import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Match } from 'aws-cdk-lib/assertions'
import { describe, expect, it } from 'vitest'
import { cacheControlFor } from '#local/static-site.ts'
import { securityHeaders, toHttpHeaders } from '#shared/security-headers.ts'
import { viewerRequestFile } from '#shared/viewer-request.ts'
import { retention } from '../retention.ts'
import * as templates from '../testing/site-templates.ts'

describe('a stage with no domain, no analytics, functions bundled', () => {
  const stage = templates.bundledStage()

  describe('static site', () => {
    it('keeps its buckets (site, logs, retention evidence) private, encrypted, SSL-only and retained, in the data stack', () => {
      const buckets = stage.data.findResources('AWS::S3::Bucket') as Record<
        string,
        templates.Resource
      >
      expect(Object.keys(buckets)).toHaveLength(3)
      stage.template.resourceCountIs('AWS::S3::Bucket', 0)
      const sslOnly = Match.objectLike({
        Effect: 'Deny',
        Action: 's3:*',
        Principal: { AWS: '*' },
        Condition: { Bool: { 'aws:SecureTransport': 'false' } },
      })
      for (const [id, bucket] of Object.entries(buckets)) {
        expect(bucket.DeletionPolicy, id).toBe('RetainExceptOnCreate')
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
      for (const bucket of ['SiteLogBucket', 'EvidenceBucket']) {
        stage.data.hasResourceProperties('AWS::S3::BucketPolicy', {
          Bucket: { Ref: templates.logicalIdOf(stage.data, 'AWS::S3::Bucket', bucket) },
          PolicyDocument: { Statement: Match.arrayWith([sslOnly]) },
        })
      }
      stage.data.resourceCountIs('AWS::S3::BucketPolicy', 2)
      const [, policy] = templates.only(stage.template, 'AWS::S3::BucketPolicy')
      expect(policy.Properties.Bucket).toEqual(stage.fromData('SiteBucket'))
      stage.template.hasResourceProperties('AWS::S3::BucketPolicy', {
        PolicyDocument: { Statement: Match.arrayWith([sslOnly]) },
      })
    })

    it('lets only this distribution read and list the site bucket, through OAC', () => {
      const bucketArnParts = ['arn:aws:s3:::', stage.fromData('SiteBucket')]
      const bucketArn = { 'Fn::Join': ['', bucketArnParts] }
      const distributionId = templates.logicalIdOf(
        stage.template,
        'AWS::CloudFront::Distribution',
        'Site',
      )
      const [oacId] = templates.only(stage.template, 'AWS::CloudFront::OriginAccessControl', {
        OriginAccessControlConfig: {
          OriginAccessControlOriginType: 's3',
          SigningBehavior: 'always',
          SigningProtocol: 'sigv4',
        },
      })
      const [, distribution] = templates.only(stage.template, 'AWS::CloudFront::Distribution')
      const s3Origins = distribution.Properties.DistributionConfig.Origins.filter(
        (origin: templates.Cfn) => origin.S3OriginConfig,
      )
      expect(s3Origins).toEqual([
        expect.objectContaining({
          DomainName: {
            'Fn::Join': ['', [stage.fromData('SiteBucket'), '.s3.eu-west-2.amazonaws.com']],
          },
          OriginAccessControlId: templates.getAtt(oacId, 'Id'),
          S3OriginConfig: { OriginAccessIdentity: '' },
        }),
      ])
      const [, policy] = templates.only(stage.template, 'AWS::S3::BucketPolicy')
      const allows = policy.Properties.PolicyDocument.Statement.filter(
        (statement: templates.Cfn) => statement.Effect === 'Allow',
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
      stage.template.hasResourceProperties('AWS::CloudFront::Distribution', {
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
      expect(templates.cacheBehaviour(stage.template, '/assets/*')).toMatchObject({
        ViewerProtocolPolicy: 'redirect-to-https',
        Compress: true,
      })
    })

    it('caches hashed assets for a year and HTML briefly, with brotli and gzip', () => {
      const policies = stage.template.findResources('AWS::CloudFront::CachePolicy') as Record<
        string,
        templates.Resource
      >
      const configOf = (ref: { Ref: string }) =>
        policies[ref.Ref]?.Properties.CachePolicyConfig as templates.Cfn
      const [, distribution] = templates.only(stage.template, 'AWS::CloudFront::Distribution')
      const html = configOf(
        distribution.Properties.DistributionConfig.DefaultCacheBehavior.CachePolicyId,
      )
      const assets = configOf(templates.cacheBehaviour(stage.template, '/assets/*').CachePolicyId)
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
      const [policyId, policy] = templates.only(
        stage.template,
        'AWS::CloudFront::ResponseHeadersPolicy',
      )
      expect(templates.headersOfPolicy(policy.Properties.ResponseHeadersPolicyConfig)).toEqual(
        toHttpHeaders(securityHeaders({ analytics: false })),
      )
      const [, distribution] = templates.only(stage.template, 'AWS::CloudFront::Distribution')
      const config = distribution.Properties.DistributionConfig
      for (const behaviour of [config.DefaultCacheBehavior, ...config.CacheBehaviors]) {
        expect(behaviour.ResponseHeadersPolicyId).toEqual({ Ref: policyId })
      }
    })

    it('runs the shared viewer-request function file on page requests only', () => {
      const [functionId, fn] = templates.only(stage.template, 'AWS::CloudFront::Function')
      expect(fn.Properties.FunctionCode).toBe(readFileSync(viewerRequestFile, 'utf8'))
      expect(fn.Properties.FunctionConfig.Runtime).toBe('cloudfront-js-2.0')
      expect(fn.Properties.AutoPublish).toBe(true)
      const [, distribution] = templates.only(stage.template, 'AWS::CloudFront::Distribution')
      expect(
        distribution.Properties.DistributionConfig.DefaultCacheBehavior.FunctionAssociations,
      ).toEqual([
        { EventType: 'viewer-request', FunctionARN: templates.getAtt(functionId, 'FunctionARN') },
      ])
      // Hashed assets are requested by their exact key: no rewrite, no invocation to pay for.
      expect(
        templates.cacheBehaviour(stage.template, '/assets/*').FunctionAssociations,
      ).toBeUndefined()
    })

    it('sends /api/* uncached, with the viewer headers and body, to the HTTP API', () => {
      const api = templates.cacheBehaviour(stage.template, '/api/*')
      expect(api).toMatchObject({
        CachePolicyId: templates.CACHING_DISABLED,
        OriginRequestPolicyId: templates.ALL_VIEWER_EXCEPT_HOST_HEADER,
        ViewerProtocolPolicy: 'https-only',
        AllowedMethods: expect.arrayContaining(['POST']),
      })
      expect(api.FunctionAssociations).toBeUndefined()
      const [apiId] = templates.only(stage.template, 'AWS::ApiGatewayV2::Api')
      const [, distribution] = templates.only(stage.template, 'AWS::CloudFront::Distribution')
      const origin = distribution.Properties.DistributionConfig.Origins.find(
        (candidate: templates.Cfn) => candidate.Id === api.TargetOriginId,
      )
      expect(origin).toEqual({
        Id: api.TargetOriginId,
        DomainName: {
          'Fn::Select': [2, { 'Fn::Split': ['/', templates.getAtt(apiId, 'ApiEndpoint')] }],
        },
        // The per-stage secret path and header (infra/deployment-api-origin.test.ts).
        OriginPath: expect.anything(),
        CustomOriginConfig: { OriginProtocolPolicy: 'https-only', OriginSSLProtocols: ['TLSv1.2'] },
        OriginCustomHeaders: [{ HeaderName: 'x-origin-verify', HeaderValue: expect.anything() }],
      })
    })

    it('logs CloudFront and S3 access to a bucket that expires them', () => {
      const logBucketId = templates.logicalIdOf(stage.data, 'AWS::S3::Bucket', 'SiteLogBucket')
      stage.data.hasResourceProperties('AWS::S3::Bucket', {
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
      stage.data.hasResourceProperties('AWS::S3::Bucket', {
        LoggingConfiguration: { DestinationBucketName: { Ref: logBucketId }, LogFilePrefix: 's3/' },
      })
      const [, distribution] = templates.only(stage.template, 'AWS::CloudFront::Distribution')
      expect(distribution.Properties.DistributionConfig.Logging).toEqual({
        Bucket: {
          'Fn::Join': ['', [stage.fromData('SiteLogBucket'), '.s3.eu-west-2.amazonaws.com']],
        },
        Prefix: 'cloudfront/',
      })
    })

    it('deploys the build with the local server’s cache rules, then invalidates', () => {
      const deployments = Object.values(
        stage.template.findResources('Custom::CDKBucketDeployment'),
      ) as templates.Resource[]
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
      const staged = readdirSync(stage.synth.outdir).find(
        (name) =>
          name.startsWith('asset.') && existsSync(join(stage.synth.outdir, name, '404.html')),
      )
      expect(staged).toBeDefined()
      expect(existsSync(join(stage.synth.outdir, staged as string, 'about/index.html'))).toBe(true)
      expect(existsSync(join(stage.synth.outdir, staged as string, '.vite'))).toBe(false)
    })
  })
})
