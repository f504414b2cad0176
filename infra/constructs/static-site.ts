import {
  DefaultStackSynthesizer,
  Duration,
  RemovalPolicy,
  Stack,
  Token,
  Validations,
} from 'aws-cdk-lib'
import type { ICertificate } from 'aws-cdk-lib/aws-certificatemanager'
import {
  AccessLevel,
  AllowedMethods,
  CachePolicy,
  Function as CloudFrontFunction,
  Distribution,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  type IOrigin,
  OriginRequestPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  S3OriginAccessControl,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront'
import { S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins'
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam'
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs'
import { AaaaRecord, ARecord, type IHostedZone, RecordTarget } from 'aws-cdk-lib/aws-route53'
import { CloudFrontTarget } from 'aws-cdk-lib/aws-route53-targets'
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  type CfnBucket,
  type IBucket,
  ObjectOwnership,
} from 'aws-cdk-lib/aws-s3'
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment'
import { Construct } from 'constructs'
import { contentSecurityPolicy, securityHeaders } from '../../shared/security-headers.ts'
import { viewerRequestFile } from '../../shared/viewer-request.ts'
import { inlineScriptsRefused } from '../inline-scripts.ts'

/** The CloudFront path pattern the contact API is served under. */
export const API_PATH_PATTERN = '/api/*'

/**
 * Browser caching, as object metadata. The same rules as the local server's `cacheControlFor`
 * (a test keeps them equal): hashed build assets forever, HTML revalidated on every visit.
 */
export const siteCacheControl = {
  assets: [
    CacheControl.setPublic(),
    CacheControl.maxAge(Duration.days(365)),
    CacheControl.immutable(),
  ],
  html: [
    CacheControl.setPublic(),
    CacheControl.maxAge(Duration.seconds(0)),
    CacheControl.mustRevalidate(),
  ],
  other: [CacheControl.setPublic(), CacheControl.maxAge(Duration.days(1))],
}

export interface CustomDomain {
  /** The host names visitors use, e.g. `www.example.co.uk`. */
  readonly domainNames: string[]
  /** A certificate covering them, in us-east-1 (CloudFront reads certificates only from there). */
  readonly certificate: ICertificate
  /**
   * The Route 53 zone to write alias records into.
   * @default - no records; point the names at the distribution yourself
   */
  readonly hostedZone?: IHostedZone
}

export interface StaticSiteProps {
  /** The prerendered site (`dist/client`): HTML per route, `404.html`, hashed `assets/`. */
  readonly siteDirectory: string
  /** Whether Google Analytics is configured: the CSP then admits Google's hosts. */
  readonly analytics: boolean
  /**
   * The origin served under `/api/*`, uncached, with the viewer's headers, query and body.
   * @default - no API behaviour
   */
  readonly apiOrigin?: IOrigin
  /**
   * A custom domain.
   * @default - only the distribution's own `*.cloudfront.net` name
   */
  readonly domain?: CustomDomain
  /**
   * The ARN of an AWS WAF web ACL (scope CLOUDFRONT, in us-east-1) to put in front of everything.
   * @default - no web ACL
   */
  readonly webAclArn?: string
  /**
   * How long CloudFront and S3 access logs (which hold visitors' IP addresses) are kept.
   * @default Duration.days(90)
   */
  readonly accessLogRetention?: Duration
  /**
   * How long a file a deploy replaced or removed stays restorable in the site bucket.
   * @default Duration.days(30)
   */
  readonly oldVersionRetention?: Duration
  /**
   * Which edge locations serve the site.
   * @default PriceClass.PRICE_CLASS_ALL (visitors come from anywhere)
   */
  readonly priceClass?: PriceClass
}

/**
 * The prerendered website: a private bucket, CloudFront in front of it with the shared URL
 * rewrite and security headers, access logs, and the built files deployed with an invalidation.
 */
export class StaticSite extends Construct {
  readonly bucket: IBucket
  readonly logBucket: IBucket
  readonly distribution: Distribution
  readonly responseHeadersPolicy: ResponseHeadersPolicy

  constructor(scope: Construct, id: string, props: StaticSiteProps) {
    super(scope, id)

    this.logBucket = new Bucket(this, 'LogBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // CloudFront's standard logs are delivered with an ACL grant, so ACLs must stay enabled.
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [
        {
          id: 'expire-access-logs',
          expiration: props.accessLogRetention ?? Duration.days(90),
          abortIncompleteMultipartUploadAfter: Duration.days(1),
        },
      ],
      removalPolicy: RemovalPolicy.RETAIN,
    })

    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: this.logBucket,
      serverAccessLogsPrefix: 's3/',
      // A deploy replaces and prunes files; the versions it replaced stay restorable a while
      // (docs/deploy.md, rolling back), then expire, so the bucket does not grow for ever.
      versioned: true,
      lifecycleRules: [
        {
          id: 'expire-old-site-versions',
          noncurrentVersionExpiration: props.oldVersionRetention ?? Duration.days(30),
          abortIncompleteMultipartUploadAfter: Duration.days(1),
        },
        { id: 'remove-expired-delete-markers', expiredObjectDeleteMarker: true },
      ],
      removalPolicy: RemovalPolicy.RETAIN,
    })

    this.responseHeadersPolicy = securityHeadersPolicy(
      this,
      'SecurityHeaders',
      props.analytics,
      accountWideName(this, 'SecurityHeaders', 128),
    )

    const viewerRequest = new CloudFrontFunction(this, 'ViewerRequest', {
      comment: 'Canonical URLs: /about/ redirects to /about, /about serves about/index.html',
      code: FunctionCode.fromFile({ filePath: viewerRequestFile }),
      runtime: FunctionRuntime.JS_2_0,
    })

    // List access lets S3 answer 404 (not 403) for a missing key, so unknown paths get 404.html.
    const originAccessControl = new S3OriginAccessControl(this, 'OriginAccessControl', {
      description: 'Lets the agency website distribution read its bucket',
      originAccessControlName: accountWideName(this, 'SiteOac', 64),
    })
    const siteOrigin = S3BucketOrigin.withOriginAccessControl(this.bucket, {
      originAccessControl,
      originAccessLevels: [AccessLevel.READ, AccessLevel.LIST],
    })
    const siteBehaviour = {
      origin: siteOrigin,
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
      compress: true,
      responseHeadersPolicy: this.responseHeadersPolicy,
      functionAssociations: [
        { function: viewerRequest, eventType: FunctionEventType.VIEWER_REQUEST },
      ],
    }

    const htmlCachePolicy = new CachePolicy(this, 'HtmlCachePolicy', {
      comment: 'Pages: kept briefly at the edge (deploys invalidate); browsers revalidate',
      minTtl: Duration.minutes(5),
      defaultTtl: Duration.minutes(5),
      maxTtl: Duration.hours(1),
      enableAcceptEncodingBrotli: true,
      enableAcceptEncodingGzip: true,
    })
    const assetCachePolicy = new CachePolicy(this, 'AssetCachePolicy', {
      comment: 'Hashed build assets: a new build means a new name, so they never change',
      minTtl: Duration.days(365),
      defaultTtl: Duration.days(365),
      maxTtl: Duration.days(365),
      enableAcceptEncodingBrotli: true,
      enableAcceptEncodingGzip: true,
    })

    const domain = props.domain
    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'Agency website',
      defaultBehavior: { ...siteBehaviour, cachePolicy: htmlCachePolicy },
      additionalBehaviors: {
        '/assets/*': { ...siteBehaviour, cachePolicy: assetCachePolicy },
        ...(props.apiOrigin && {
          [API_PATH_PATTERN]: {
            origin: props.apiOrigin,
            // A redirected POST would lose its body: plain HTTP is refused, not redirected.
            viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
            allowedMethods: AllowedMethods.ALLOW_ALL,
            cachePolicy: CachePolicy.CACHING_DISABLED,
            // Everything the viewer sent except Host, which must name the API's own endpoint.
            originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
            responseHeadersPolicy: this.responseHeadersPolicy,
            compress: true,
          },
        }),
      },
      errorResponses: [
        {
          httpStatus: 404,
          responseHttpStatus: 404,
          responsePagePath: '/404.html',
          ttl: Duration.minutes(5),
        },
      ],
      httpVersion: HttpVersion.HTTP2_AND_3,
      enableIpv6: true,
      priceClass: props.priceClass ?? PriceClass.PRICE_CLASS_ALL,
      // Without a certificate of our own, CloudFront's default one fixes the policy; see below.
      ...(domain && {
        domainNames: domain.domainNames,
        certificate: domain.certificate,
        minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
      }),
      // The viewer-request function already maps / to /index.html; this is the belt to its braces,
      // since the origin may list the bucket.
      defaultRootObject: 'index.html',
      ...(props.webAclArn && { webAclId: props.webAclArn }),
      enableLogging: true,
      logBucket: this.logBucket,
      logFilePrefix: 'cloudfront/',
    })

    if (domain?.hostedZone) {
      const target = RecordTarget.fromAlias(new CloudFrontTarget(this.distribution))
      for (const [index, recordName] of domain.domainNames.entries()) {
        const zone = domain.hostedZone
        new ARecord(this, `AliasA${index}`, { zone, recordName, target })
        new AaaaRecord(this, `AliasAaaa${index}`, { zone, recordName, target })
      }
    }

    this.deploy(props.siteDirectory, props.analytics)

    Validations.of(this.distribution).acknowledge({
      id: 'Annotation::@aws-cdk/aws-cloudfront-origins:listBucketSecurityRisk',
      reason:
        'List access is what makes a missing page a 404 rather than a 403. A listing cannot be ' +
        'reached: the root object is index.html, the viewer-request function maps every other ' +
        'extensionless path to a key, and no query string is forwarded to S3.',
    })
    Validations.of(this.distribution).acknowledge({
      id: 'AwsSolutions-CFR1',
      reason:
        'A marketing site wants visitors and prospects from every country; there is no market ' +
        'to exclude and no content licensed per region.',
    })
    if (!props.webAclArn) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR2',
        reason:
          'No web ACL by default (it costs a fixed monthly fee a brochure site rarely needs): the ' +
          'only dynamic path, /api/*, is throttled at the API stage, validated and honeypotted. ' +
          'A WAF web ACL can be attached through the webAclArn prop.',
      })
    }
    if (!domain) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR4',
        reason:
          'Only until a custom domain is configured: the default *.cloudfront.net certificate ' +
          'has a security policy CloudFront fixes at TLSv1. With a domain the distribution ' +
          'requires TLSv1.2_2021.',
      })
    }
  }

  /**
   * Three passes over one upload, so each file gets its cache rule: hashed assets first (old
   * ones kept, for pages still cached in browsers), then other files, then the HTML that
   * references them, followed by an invalidation.
   */
  private deploy(siteDirectory: string, analytics: boolean) {
    // A page whose inline start the policy refused would run no script at all (a stale build).
    const refused = inlineScriptsRefused(siteDirectory, contentSecurityPolicy({ analytics }))
    if (refused.length > 0) {
      throw new Error(
        `The built site has inline scripts its CSP would refuse (run \`npm run build\`): ${refused.join(', ')}`,
      )
    }
    const source = Source.asset(siteDirectory, { exclude: ['.vite'] })
    const logGroup = new LogGroup(this, 'DeploymentLogs', {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    })
    const role = new Role(this, 'DeploymentRole', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: 'Copies the built website into its bucket',
    })
    logGroup.grantWrite(role)
    const common = {
      sources: [source],
      destinationBucket: this.bucket,
      role,
      logGroup,
      memoryLimit: 512,
    }
    const assets = new BucketDeployment(this, 'DeployAssets', {
      ...common,
      exclude: ['*'],
      include: ['assets/*'],
      prune: false,
      cacheControl: siteCacheControl.assets,
    })
    const files = new BucketDeployment(this, 'DeployFiles', {
      ...common,
      exclude: ['assets/*', '*.html'],
      cacheControl: siteCacheControl.other,
    })
    const pages = new BucketDeployment(this, 'DeployPages', {
      ...common,
      exclude: ['*'],
      include: ['*.html'],
      cacheControl: siteCacheControl.html,
      distribution: this.distribution,
      distributionPaths: ['/*'],
    })
    files.node.addDependency(assets)
    pages.node.addDependency(files)

    // CDK's BucketDeployment writes these grants itself; each is what its handler needs.
    const stack = Stack.of(this)
    const shown = (value: string, pseudo: string) =>
      Token.isUnresolved(value) ? `<AWS::${pseudo}>` : value
    const qualifier =
      stack.synthesizer.bootstrapQualifier ?? DefaultStackSynthesizer.DEFAULT_QUALIFIER
    const assetBucketArn = `arn:${shown(stack.partition, 'Partition')}:s3:::cdk-${qualifier}-assets-${shown(stack.account, 'AccountId')}-${shown(stack.region, 'Region')}`
    const siteBucketArn = `<${stack.getLogicalId(this.bucket.node.defaultChild as CfnBucket)}.Arn>`
    const wildcards: [finding: string, reason: string][] = [
      [
        'Action::s3:GetBucket*',
        'Reads the uploaded build from the CDK asset bucket and compares it with the site bucket.',
      ],
      [
        'Action::s3:GetObject*',
        'Reads the uploaded build and the current site files to sync them.',
      ],
      [
        'Action::s3:List*',
        'Lists the build upload and the site bucket to find what changed and what to prune.',
      ],
      ['Action::s3:Abort*', 'Aborts its own failed multipart uploads into the site bucket.'],
      ['Action::s3:DeleteObject*', 'Prunes files a new build no longer has (old pages, files).'],
      [
        `Resource::${assetBucketArn}/*`,
        'Asset keys are content hashes known only at publish time; the bucket is the CDK ' +
          'bootstrap bucket of this account and region, holding deployment artefacts only.',
      ],
      [
        `Resource::${siteBucketArn}/*`,
        'Deploying the site means writing any key of the site bucket; nothing else lives there.',
      ],
      [
        'Resource::*',
        'cloudfront:CreateInvalidation/GetInvalidation as CDK grants them; the handler only ' +
          'ever invalidates this distribution, whose id it is given.',
      ],
    ]
    for (const [finding, reason] of wildcards) {
      Validations.of(role).acknowledge({ id: `AwsSolutions-IAM5[${finding}]`, reason })
    }
    const handler = stack.node
      .findAll()
      .find((node) => node.node.id.startsWith('Custom::CDKBucketDeployment'))
    if (handler) {
      Validations.of(handler).acknowledge({
        id: 'AwsSolutions-L1',
        reason:
          "CDK's BucketDeployment handler is Python on the runtime the CDK release pins; " +
          'it runs only during deployments and is updated with aws-cdk-lib.',
      })
    }
  }
}

/**
 * A name for a CloudFront resource whose names are unique per account, not per region (response
 * headers policies, origin access controls): the stack's name (which carries the stage) and its
 * region, so copies of the product side by side or in two regions never collide.
 */
function accountWideName(scope: Construct, suffix: string, maxLength: number): string {
  const stack = Stack.of(scope)
  const region = Token.isUnresolved(stack.region) ? 'any' : stack.region
  return `${stack.stackName}-${region}-${suffix}`.slice(-maxLength)
}

/** CloudFront's response headers policy, built from the definition the local server also sends. */
function securityHeadersPolicy(scope: Construct, id: string, analytics: boolean, name: string) {
  const headers = securityHeaders({ analytics })
  if (headers.contentTypeOptions !== 'nosniff') {
    throw new Error('CloudFront can only send X-Content-Type-Options: nosniff')
  }
  const hsts = headers.strictTransportSecurity
  return new ResponseHeadersPolicy(scope, id, {
    responseHeadersPolicyName: name,
    comment: 'Security headers of the agency website (shared/security-headers.ts)',
    securityHeadersBehavior: {
      contentSecurityPolicy: {
        contentSecurityPolicy: headers.contentSecurityPolicy,
        override: true,
      },
      strictTransportSecurity: {
        accessControlMaxAge: Duration.seconds(hsts.maxAgeSeconds),
        includeSubdomains: hsts.includeSubDomains,
        preload: hsts.preload,
        override: true,
      },
      contentTypeOptions: { override: true },
      frameOptions: {
        frameOption: enumValue(HeadersFrameOption, headers.frameOptions),
        override: true,
      },
      referrerPolicy: {
        referrerPolicy: enumValue(HeadersReferrerPolicy, headers.referrerPolicy),
        override: true,
      },
    },
    customHeadersBehavior: {
      customHeaders: Object.entries(headers.custom).map(([header, value]) => ({
        header,
        value,
        override: true,
      })),
    },
  })
}

/** The CDK enum member whose value is `value`; fails the synth if CloudFront cannot express it. */
function enumValue<T extends Record<string, string>>(values: T, value: string): T[keyof T] {
  const match = Object.values(values).find((candidate) => candidate === value)
  if (match === undefined) throw new Error(`CloudFront cannot send the header value "${value}"`)
  return match as T[keyof T]
}
