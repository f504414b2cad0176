import { Duration, RemovalPolicy, Stack, Token, Validations } from 'aws-cdk-lib'
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
import { AnyPrincipal, Effect, PolicyStatement } from 'aws-cdk-lib/aws-iam'
import { AaaaRecord, ARecord, type IHostedZone, RecordTarget } from 'aws-cdk-lib/aws-route53'
import { CloudFrontTarget } from 'aws-cdk-lib/aws-route53-targets'
import { Bucket, BucketPolicy, type IBucket } from 'aws-cdk-lib/aws-s3'
import { Construct } from 'constructs'
import { securityHeaders } from '#shared/security-headers.ts'
import { viewerRequestFile } from '#shared/viewer-request.ts'
import { deploySite } from './site-deployment.ts'

/** The CloudFront path pattern the contact API is served under. */
export const API_PATH_PATTERN = '/api/*'

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
  /** The bucket the pages are deployed to (SiteStorage, in the stateful stack). */
  readonly bucketName: string
  /** The bucket CloudFront writes its access logs to (SiteStorage). */
  readonly logBucketName: string
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

    // Both buckets are state, kept in the stateful stack; here they are only named. The site
    // bucket's one policy is written here (at the id it has always had, so it is updated in
    // place, never deleted), since it names the distribution this construct creates.
    this.logBucket = Bucket.fromBucketName(this, 'LogBucket', props.logBucketName)
    const bucket = Bucket.fromBucketName(this, 'Bucket', props.bucketName)
    bucket.policy = new BucketPolicy(bucket, 'Policy', { bucket })
    // Never deleted by CloudFormation: a change of its `Bucket` (a name during the move into the
    // data stack, then the data stack's output) replaces it, and deleting the replaced one would
    // delete the bucket's only policy, the new one, leaving CloudFront no access (aws-cdk#38829).
    // The same goes for a rollback of that replacement. Destroying the stack leaves it in place.
    bucket.policy.applyRemovalPolicy(RemovalPolicy.RETAIN)
    bucket.policy.document.addStatements(
      new PolicyStatement({
        effect: Effect.DENY,
        principals: [new AnyPrincipal()],
        actions: ['s3:*'],
        resources: [bucket.bucketArn, bucket.arnForObjects('*')],
        conditions: { Bool: { 'aws:SecureTransport': 'false' } },
      }),
    )
    this.bucket = bucket

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
      defaultBehavior: {
        ...siteBehaviour,
        cachePolicy: htmlCachePolicy,
        // Pages only: hashed assets are requested by their exact key, so the rewrite would only
        // add a function invocation (and its cost) to every asset request.
        functionAssociations: [
          { function: viewerRequest, eventType: FunctionEventType.VIEWER_REQUEST },
        ],
      },
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
        minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2025,
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

    deploySite(this, {
      siteDirectory: props.siteDirectory,
      analytics: props.analytics,
      bucket: this.bucket,
      distribution: this.distribution,
    })

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
          'requires TLSv1.2_2025.',
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
