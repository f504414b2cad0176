import { ArnFormat, RemovalPolicy, Stack, Token } from 'aws-cdk-lib'
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs'
import { CfnLoggingConfiguration, CfnWebACL } from 'aws-cdk-lib/aws-wafv2'
import { Construct } from 'constructs'
import { contactApi } from '#shared/contact-fields.ts'
import { syntheticEnquiry } from '#shared/synthetic-enquiry.ts'

/** What a visitor over the limit is told, in the contact API's own shape (`{ message }`). */
export const RATE_LIMITED_MESSAGE =
  'Too many requests from your network. Please wait a few minutes and try again.'

/** AWS WAF's bounds for a rate-based rule's request count. */
export const WAF_RATE_LIMIT_MIN = 10
export const WAF_RATE_LIMIT_MAX = 2_000_000_000
/** Requests per client IP per window on the API paths, unless ops choose otherwise. */
export const WAF_DEFAULT_RATE_LIMIT = 20

export interface WebAclProps {
  /**
   * Requests one client IP address may send to `pathPrefix` within `evaluationWindowSeconds`
   * before WAF answers 429 to the rest of them (until its rate falls under the limit again).
   * A person sends one enquiry, perhaps a retry or two; a script sends hundreds.
   * @default WAF_DEFAULT_RATE_LIMIT (20)
   */
  readonly rateLimit?: number
  /**
   * The window the rate is counted over: 60, 120, 300 or 600 seconds.
   * @default 300
   */
  readonly evaluationWindowSeconds?: 60 | 120 | 300 | 600
  /**
   * The paths the rate limit covers (the site's pages are static and cached, never limited).
   * @default '/api/'
   */
  readonly pathPrefix?: string
  /**
   * How long WAF's logs (each blocked or counted request's client IP, path and headers, those of
   * WAF_REDACTED_HEADERS redacted) are kept.
   * @default RetentionDays.ONE_MONTH
   */
  readonly logRetention?: RetentionDays
}

/**
 * The request headers WAF's logs never keep: a visitor's session and credentials, and what marks
 * a canary's enquiry (its signed marker and its idempotency key: with both, a reader of the logs
 * could race the canary to its key and turn its post into a refusal and a false alarm).
 */
export const WAF_REDACTED_HEADERS = [
  'cookie',
  'authorization',
  syntheticEnquiry.header,
  contactApi.idempotencyHeader.toLowerCase(),
] as const

/**
 * AWS's managed rule groups in front of the site, in order after the rate rule: addresses AWS
 * has seen attacking, request patterns known to exploit software (Log4j and the like), then the
 * common rule set (OWASP-style injection and oversize checks).
 */
export const MANAGED_RULE_GROUPS = [
  'AWSManagedRulesAmazonIpReputationList',
  'AWSManagedRulesKnownBadInputsRuleSet',
  'AWSManagedRulesCommonRuleSet',
] as const

/**
 * Which requests WAF logs (CloudFormation's `LoggingFilter`, as is): those a rule blocked, and
 * those a rule only counted (a count rule, or a managed rule overridden to count), kept; the rest
 * dropped.
 */
export const WAF_LOGGING_FILTER = {
  DefaultBehavior: 'DROP',
  Filters: [
    {
      Behavior: 'KEEP',
      Requirement: 'MEETS_ANY',
      Conditions: ['BLOCK', 'COUNT', 'EXCLUDED_AS_COUNT'].map((action) => ({
        ActionCondition: { Action: action },
      })),
    },
  ],
} as const

/**
 * An AWS WAF web ACL for the CloudFront distribution (scope CLOUDFRONT, so its stack must be in
 * us-east-1): everything is allowed except a client IP over the rate limit on the API paths,
 * which gets 429 with a JSON message, and what AWS's managed rule groups block. Metrics, sampled
 * requests and logs of blocked and counted requests (to a log group with the logs' retention)
 * let ops see what was blocked.
 */
export class WebAcl extends Construct {
  readonly webAcl: CfnWebACL
  readonly arn: string
  readonly rateLimit: number
  readonly logGroup: LogGroup

  constructor(scope: Construct, id: string, props: WebAclProps = {}) {
    super(scope, id)
    const rateLimit = props.rateLimit ?? WAF_DEFAULT_RATE_LIMIT
    if (
      !Token.isUnresolved(rateLimit) &&
      (!Number.isInteger(rateLimit) ||
        rateLimit < WAF_RATE_LIMIT_MIN ||
        rateLimit > WAF_RATE_LIMIT_MAX)
    ) {
      throw new Error(
        `WebAcl rateLimit must be a whole number from ${WAF_RATE_LIMIT_MIN} to ${WAF_RATE_LIMIT_MAX}`,
      )
    }
    const window = props.evaluationWindowSeconds ?? 300
    const prefix = Stack.of(this).stackName.replace(/[^A-Za-z0-9]/g, '')
    const visibility = (name: string) => ({
      cloudWatchMetricsEnabled: true,
      sampledRequestsEnabled: true,
      metricName: `${prefix}${name}`,
    })

    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      description: `Website: per-IP rate limit of ${rateLimit} requests per ${window} s on paths under ${props.pathPrefix ?? '/api/'}, and AWS managed rule groups`,
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('WebAcl'),
      customResponseBodies: {
        RateLimited: {
          contentType: 'APPLICATION_JSON',
          content: JSON.stringify({ message: RATE_LIMITED_MESSAGE }),
        },
      },
      rules: [
        {
          name: 'ApiRateLimitPerIp',
          priority: 0,
          statement: {
            rateBasedStatement: {
              limit: rateLimit,
              evaluationWindowSec: window,
              // Behind CloudFront, WAF sees the visitor's own address.
              aggregateKeyType: 'IP',
              scopeDownStatement: {
                byteMatchStatement: {
                  fieldToMatch: { uriPath: {} },
                  positionalConstraint: 'STARTS_WITH',
                  searchString: props.pathPrefix ?? '/api/',
                  // CloudFront's path patterns are case-sensitive and undecoded: so is this match.
                  textTransformations: [{ priority: 0, type: 'NONE' }],
                },
              },
            },
          },
          action: {
            block: {
              customResponse: {
                responseCode: 429,
                customResponseBodyKey: 'RateLimited',
                // No Retry-After: WAF prefixes custom header names with x-amzn-waf-, so a
                // browser would not read it as one. The message says to wait instead.
              },
            },
          },
          visibilityConfig: visibility('ApiRateLimitPerIp'),
        },
        ...MANAGED_RULE_GROUPS.map((name, index) => ({
          name,
          priority: index + 1,
          statement: {
            managedRuleGroupStatement: {
              vendorName: 'AWS',
              name,
              // The contact API answers an oversize body itself, with a 413 the form can show;
              // the common set's 8 KB body check would only replace it with a bare 403.
              ...(name === 'AWSManagedRulesCommonRuleSet' && {
                ruleActionOverrides: [
                  { name: 'SizeRestrictions_BODY', actionToUse: { count: {} } },
                ],
              }),
            },
          },
          overrideAction: { none: {} },
          visibilityConfig: visibility(name),
        })),
      ],
    })

    // WAF writes only to log groups named aws-waf-logs-*, given by ARN without the ':*' suffix.
    const logGroupName = `aws-waf-logs-${prefix}`
    const logGroup = new LogGroup(this, 'Logs', {
      logGroupName,
      retention: props.logRetention ?? RetentionDays.ONE_MONTH,
      // Logs of visitors' requests: kept no longer than their retention, not beyond the stack.
      removalPolicy: RemovalPolicy.DESTROY,
    })
    const logging = new CfnLoggingConfiguration(this, 'Logging', {
      resourceArn: this.webAcl.attrArn,
      logDestinationConfigs: [
        Stack.of(this).formatArn({
          service: 'logs',
          resource: 'log-group',
          resourceName: logGroupName,
          arnFormat: ArnFormat.COLON_RESOURCE_NAME,
        }),
      ],
      redactedFields: WAF_REDACTED_HEADERS.map((name) => ({ singleHeader: { Name: name } })),
      // Only what a rule blocked or counted: every allowed request (each page and asset a
      // visitor loads) would cost CloudWatch ingestion and keep visitors' IPs for nothing ops
      // reads. Metrics and sampled requests still cover the allowed ones.
      loggingFilter: WAF_LOGGING_FILTER,
    })
    logging.node.addDependency(logGroup)
    this.logGroup = logGroup
    this.arn = this.webAcl.attrArn
    this.rateLimit = rateLimit
  }
}
