import { CfnOutput, Duration, Fn, Validations } from 'aws-cdk-lib'
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway'
import {
  ApiMapping,
  DomainName,
  HttpApi,
  HttpMethod,
  HttpRoute,
  HttpRouteKey,
  HttpStage,
  LogGroupLogDestination,
} from 'aws-cdk-lib/aws-apigatewayv2'
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations'
import type { ICertificate } from 'aws-cdk-lib/aws-certificatemanager'
import { OriginProtocolPolicy, OriginSslPolicy } from 'aws-cdk-lib/aws-cloudfront'
import { HttpOrigin } from 'aws-cdk-lib/aws-cloudfront-origins'
import type { Metric } from 'aws-cdk-lib/aws-cloudwatch'
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb'
import { Rule, Schedule } from 'aws-cdk-lib/aws-events'
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets'
import { Grant } from 'aws-cdk-lib/aws-iam'
import type { IFunction } from 'aws-cdk-lib/aws-lambda'
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs'
import { ARecord, type IHostedZone, RecordTarget } from 'aws-cdk-lib/aws-route53'
import { ApiGatewayv2DomainProperties } from 'aws-cdk-lib/aws-route53-targets'
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager'
import { Construct } from 'constructs'
import { answerShell } from '#shared/answer-shell.ts'
import { contactApi } from '#shared/contact.ts'
import { METRICS_NAMESPACE } from '#shared/delivery-metrics.ts'
import { enquiryActionsApi } from '#shared/enquiry-actions.ts'
import { enquiryTable } from '#shared/enquiry-table.ts'
import { originSecret } from '#shared/origin-secret.ts'
import { syntheticEnquiry } from '#shared/synthetic-enquiry.ts'
import { generatedSecret } from './generated-secret.ts'
import { handlerEntry, nodeFunction } from './node-function.ts'
import { pipelineEnvironment } from './pipeline-function-props.ts'
import { pipelineMetric } from './pipeline-metric.ts'

/** How often the retry runs by default: one run (≤ 50 s) at a time, so runs never overlap. */
export const RETRY_INTERVAL = Duration.minutes(1)

/**
 * The API's throttle unless a stage sets its own: 5 requests a second across all visitors, after
 * a burst of 10. It is also the most the stream's sender is handed a second (it sends 5 a second,
 * beside the retry's 8, within SES's 14), so the local drills load the stack at this rate where
 * what they measure is delivery.
 */
export const DEFAULT_API_THROTTLE = { rateLimit: 5, burstLimit: 10 } as const

/**
 * The pipeline's metrics as the functions emit them (embedded metric format, through Powertools:
 * functions/metrics.ts); a test keeps the two equal.
 */
export const pipelineMetrics = {
  namespace: METRICS_NAMESPACE,
  gaveUp: 'EnquiryGaveUp',
  backlogAge: 'OldestUndeliveredAgeSeconds',
  emailedByRetry: 'EnquiryEmailedByRetry',
  outcomeUnknown: 'EnquiryEmailOutcomeUnknown',
} as const

export interface ContactApiProps {
  /** Where enquiries are stored. */
  readonly table: ITableV2
  /** The From address of enquiry e-mails (a verified SES identity, or inside one). */
  readonly senderEmail: string
  /** The agency inbox every enquiry is e-mailed to. */
  readonly agencyEmail: string
  /**
   * The folder holding `contact/handler.ts` and `notification-retry/handler.ts`.
   * @default - the repository's `functions/`
   */
  readonly functionsDirectory?: string
  /**
   * The built site page the no-JavaScript form's answers are shown in (its header, menu and
   * footer), copied into the contact function's bundle (shared/answer-shell.ts).
   * @default - none: those answers are pages of their own
   */
  readonly answerShellPage?: string
  /**
   * How long function and API access logs are kept (they can hold fragments of enquiries).
   * @default RetentionDays.ONE_MONTH
   */
  readonly logRetention?: RetentionDays
  /**
   * The deployment's stage: the functions' `STAGE`, and the `stage` dimension of their metrics.
   * @default 'prod'
   */
  readonly stage?: string
  /**
   * Steady-state requests per second the API accepts across all visitors, and the burst above it.
   * A contact form needs a handful; the cap bounds what a flood can cost.
   * @default DEFAULT_API_THROTTLE
   */
  readonly throttle?: { readonly rateLimit: number; readonly burstLimit: number }
  /**
   * How often the retry function looks for enquiries whose e-mail is still owed. Every minute
   * (EventBridge's shortest rate): each run sends up to 201 e-mails paced at 8 a second, so a
   * backlog of 2,000 is sent within about 11 minutes of SES recovering (docs/operations.md).
   * @default Duration.minutes(1)
   */
  readonly retryInterval?: Duration
  /**
   * The API's own custom domain, which CloudFront then uses as its origin; the execute-api
   * endpoint is switched off, so that name is the API's only one.
   * @default - no custom domain: CloudFront reaches the API on its execute-api endpoint
   */
  readonly domain?: {
    readonly domainName: string
    /** A certificate for `domainName` in the API's region. */
    readonly certificate: ICertificate
    /** @default - no DNS record: point `domainName` at the `ApiDomainTarget` output yourself */
    readonly hostedZone?: IHostedZone
  }
}

/**
 * The contact pipeline behind `/api/*`: an HTTP API, the Middy handler that stores and e-mails
 * enquiries, and the scheduled function that re-sends e-mails SES did not take the first time.
 */
export class ContactApi extends Construct {
  readonly httpApi: HttpApi
  /** The API as a CloudFront origin, so the site and the API share one domain. */
  readonly origin: HttpOrigin
  readonly contactFunction: IFunction
  readonly retryFunction: IFunction
  /** Serves the digest's signed links: a page on GET, the one change on POST. */
  readonly actionsFunction: IFunction
  /**
   * The stage's key for the digest's action links, generated at deploy time: the digest signs
   * with it, the actions function checks with it.
   */
  readonly actionLinkKey: ISecret
  /** Runs the retry function; its failed invocations page ops. */
  readonly retrySchedule: Rule
  /** Enquiries the retry function gave up e-mailing (count per period). */
  readonly emailGaveUpMetric: Metric
  /** Age of the oldest enquiry whose e-mail is still owed, as each retry run measures it. */
  readonly backlogAgeMetric: Metric
  /**
   * Enquiries the retry e-mailed that the stream's sender never touched (count per period; every
   * run reports, 0 included).
   */
  readonly emailedByRetryMetric: Metric
  /** Sends of the retry SES gave no answer to in time (count per period). */
  readonly retryOutcomeUnknownMetric: Metric
  /**
   * The key that marks the canary's enquiries as synthetic: the contact function verifies it,
   * the canary signs with it (decision 0036).
   */
  readonly syntheticKey: ISecret

  constructor(scope: Construct, id: string, props: ContactApiProps) {
    super(scope, id)
    const { functionsDirectory } = props
    const retention = props.logRetention ?? RetentionDays.ONE_MONTH
    const stage = props.stage ?? 'prod'
    const environment = pipelineEnvironment(props, stage)

    // Generated by Secrets Manager at deploy time, one per stage: never in the repository or the
    // template. CloudFront sends it as an origin header and as the first segment of the path
    // (the only routes there are); the contact function also refuses requests without the
    // header. So nothing but CloudFront (and its WAF) reaches the function or its throttle.
    const secret = generatedSecret(
      this,
      'OriginSecret',
      'Origin header and path CloudFront adds to contact API requests of the agency website',
      'A shared value between CloudFront, the API routes and the contact function, not a ' +
        'credential of a person or service: rotating it means updating all three at once, which ' +
        'a deploy with a new secret does (docs/deploy.md).',
    )
    const secretValue = secret.secretValue.unsafeUnwrap()
    // The two functions the API routes to refuse any request that lacks it.
    const routedEnvironment = { ...environment, [originSecret.env]: secretValue }

    // The same pattern for the canary's key: a dynamic reference in the two functions'
    // environment and nowhere else.
    const syntheticKey = generatedSecret(
      this,
      'SyntheticKey',
      'Key the canary signs its synthetic enquiries with, so the contact function keeps them a day and e-mails them to the SES mailbox simulator',
      'A key shared by the canary and the contact function only; a deploy with a new secret ' +
        'rotates it in both at once (docs/deploy.md).',
    )
    this.syntheticKey = syntheticKey

    const contact = nodeFunction(this, 'Contact', {
      entry: handlerEntry('contact', functionsDirectory),
      description: 'Stores a website enquiry (the table stream starts its e-mail)',
      // One whole vCPU (Lambda's CPU grows with memory; 512 MB is about 0.29 of one): a visitor
      // waits for the cold start and first request, which then take a third of the time, for
      // well under a cent a month (docs/decisions/0006-lambda-bundle.md).
      memorySize: 1769,
      // The handler answers within its own 8 s budget (CONTACT_BUDGET_MS) whatever DynamoDB
      // does; the timeout only leaves room for a cold start around it.
      timeout: Duration.seconds(10),
      environment: {
        ...routedEnvironment,
        [syntheticEnquiry.env]: syntheticKey.secretValue.unsafeUnwrap(),
      },
      retention,
      ...(props.answerShellPage && {
        bundledFiles: { [answerShell.bundledFile]: props.answerShellPage },
      }),
    })
    const retryInterval = props.retryInterval ?? RETRY_INTERVAL
    const retry = nodeFunction(this, 'NotificationRetry', {
      entry: handlerEntry('notification-retry', functionsDirectory),
      description: 'Re-sends enquiry e-mails that are still pending',
      memorySize: 256,
      // A run starts no send after 25 s, its sends are over by 50 s, its backlog read by 54 s
      // (RETRY_TIME_BUDGET_MS, RETRY_RUN_MS; each claim is sized to what is left of the run): so
      // with runs a minute apart two never overlap (an overlap would double the send rate;
      // claims already stop it sending one e-mail twice).
      timeout: Duration.seconds(57),
      environment,
      retention,
      // Each scheduled run is the retry of the one before; Lambda's own retries would overlap.
      retryAttempts: 0,
      // A run held back (throttled) past the next one's start is dropped, not run late beside it.
      maxEventAge: Duration.minutes(1),
    })
    this.contactFunction = contact.fn
    this.retryFunction = retry.fn

    // Like the origin secret: generated by Secrets Manager at deploy time, one per stage, never
    // in the repository or the template (docs/decisions/0033-signed-action-links.md).
    const linkKey = generatedSecret(
      this,
      'ActionLinkKey',
      'Key that signs the action links in the agency digest of the agency website (HMAC-SHA-256)',
      'A signing key shared by the digest and the actions function, not a credential: ' +
        'rotating it (a new construct id and a deploy) only makes the links of earlier digests ' +
        'refuse, and the next digest carries new ones (docs/operations.md).',
    )
    this.actionLinkKey = linkKey
    const actions = nodeFunction(this, 'EnquiryActions', {
      entry: handlerEntry('enquiry-actions', functionsDirectory),
      description:
        'Serves the digest links: shows a waiting enquiry, then releases or dismisses it',
      memorySize: 256,
      timeout: Duration.seconds(10),
      environment: {
        ...routedEnvironment,
        [enquiryActionsApi.keyEnv]: linkKey.secretValue.unsafeUnwrap(),
      },
      retention,
    })
    this.actionsFunction = actions.fn

    // Least privilege, action by action, as the code uses the table (functions/enquiries/store.ts):
    // the handler writes an enquiry and re-reads it when an idempotency key repeats (nothing
    // else: no e-mail, no update, no index); the retry queries the pending index, re-reads each
    // item consistently and records the outcome. No deletes, no scans, no other index.
    const table = props.table
    const grantItems = (fn: IFunction, ...actions: string[]) =>
      Grant.addToPrincipal({ grantee: fn, actions, resourceArns: [table.tableArn] })
    grantItems(contact.fn, 'dynamodb:PutItem', 'dynamodb:GetItem')
    grantItems(retry.fn, 'dynamodb:GetItem', 'dynamodb:UpdateItem')
    // The links' function reads the one enquiry a link names and changes it conditionally:
    // nothing else, no index, no SES (the retry sends what it makes pending again).
    grantItems(actions.fn, 'dynamodb:GetItem', 'dynamodb:UpdateItem')
    Grant.addToPrincipal({
      grantee: retry.fn,
      actions: ['dynamodb:Query'],
      resourceArns: [`${table.tableArn}/index/${enquiryTable.pendingEmailIndex.name}`],
    })

    this.retrySchedule = new Rule(this, 'RetrySchedule', {
      description: 'Re-sends enquiry e-mails that are still pending',
      schedule: Schedule.rate(retryInterval),
      // The next scheduled run is the retry; overlapping re-runs would only send duplicates.
      targets: [new LambdaFunction(retry.fn, { retryAttempts: 0 })],
    })

    // Only the retry gives up (the enquiry sender makes an enquiry's first attempt of eight).
    const retryMetric = (metricName: string, statistic: string) =>
      pipelineMetric('notification-retry', stage, metricName, {
        statistic,
        period: Duration.minutes(5),
      })
    this.emailGaveUpMetric = retryMetric(pipelineMetrics.gaveUp, 'Sum')
    this.backlogAgeMetric = retryMetric(pipelineMetrics.backlogAge, 'Maximum')
    this.emailedByRetryMetric = retryMetric(pipelineMetrics.emailedByRetry, 'Sum')
    this.retryOutcomeUnknownMetric = retryMetric(pipelineMetrics.outcomeUnknown, 'Sum')

    const integration = new HttpLambdaIntegration('ContactIntegration', contact.fn)
    this.httpApi = new HttpApi(this, 'HttpApi', {
      description: 'Contact form API of the agency website (served under /api/* by CloudFront)',
      createDefaultStage: false,
      // With a custom domain, that is the API's only name: the execute-api URL answers nothing.
      disableExecuteApiEndpoint: props.domain !== undefined,
    })
    // CloudFront's way in, and the only one: the contact paths exist only under a segment that
    // is the stage's secret, which CloudFront adds as its origin path. A caller without it finds
    // no route (API Gateway's own 404), so it spends nothing of the routes' throttle, which is
    // the form's alone (docs/decisions/0015-origin-secret-header.md).
    const edgePath = `/${secretValue}`
    const routes = [contactApi.path, contactApi.formPath].map(
      (path, index) =>
        new HttpRoute(this, index === 0 ? 'ContactRoute' : 'FormRoute', {
          httpApi: this.httpApi,
          // Every method reaches the handler, so a GET or PUT is told 405 with `Allow: POST`
          // instead of API Gateway's bare 404.
          routeKey: HttpRouteKey.with(`${edgePath}${path}`, HttpMethod.ANY),
          integration,
        }),
    )
    routes.push(
      new HttpRoute(this, 'ActionsRoute', {
        httpApi: this.httpApi,
        // GET shows the page, POST acts; any other method is told so by the function.
        routeKey: HttpRouteKey.with(`${edgePath}${enquiryActionsApi.path}`, HttpMethod.ANY),
        integration: new HttpLambdaIntegration('ActionsIntegration', actions.fn),
      }),
    )
    for (const route of routes) {
      Validations.of(route).acknowledge({
        id: 'AwsSolutions-APIG4',
        reason:
          'The contact form is for anonymous visitors by design: every page and the form are ' +
          'public, with no accounts. Only CloudFront knows the route (a per-stage secret path), ' +
          'and abuse is bounded by throttling, body limits, schema validation, a honeypot field ' +
          'and idempotency keys. The digest links route is authorised by the signed token each ' +
          'link carries (docs/decisions/0033-signed-action-links.md).',
      })
    }

    const accessLogs = new LogGroup(this, 'AccessLogs', { retention })
    const throttle = props.throttle ?? DEFAULT_API_THROTTLE
    const apiStage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      // Route settings, applied to each route: the budget is the form's, per route.
      throttle,
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        // Via CloudFront the source IP is an edge server's, so no visitor address is logged. The
        // route is logged by id: its key holds the secret path.
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            time: '$context.requestTime',
            routeId: '$context.routeId',
            status: '$context.status',
            latencyMs: '$context.responseLatency',
            responseLength: '$context.responseLength',
            sourceIp: '$context.identity.sourceIp',
            integrationError: '$context.integrationErrorMessage',
          }),
        ),
      },
    })

    let originHost: string
    if (props.domain) {
      const domain = new DomainName(this, 'Domain', {
        domainName: props.domain.domainName,
        certificate: props.domain.certificate,
      })
      new ApiMapping(this, 'DomainMapping', {
        api: this.httpApi,
        domainName: domain,
        stage: apiStage,
      })
      const target = new ApiGatewayv2DomainProperties(
        domain.regionalDomainName,
        domain.regionalHostedZoneId,
      )
      if (props.domain.hostedZone) {
        new ARecord(this, 'DomainRecord', {
          zone: props.domain.hostedZone,
          recordName: props.domain.domainName,
          target: RecordTarget.fromAlias(target),
        })
      } else {
        new CfnOutput(this, 'ApiDomainTarget', {
          description: `Create a CNAME record ${props.domain.domainName} pointing here (CloudFront reaches the contact API by that name)`,
          value: domain.regionalDomainName,
        })
      }
      originHost = props.domain.domainName
    } else {
      // apiEndpoint is https://{id}.execute-api.{region}.amazonaws.com; CloudFront wants the host.
      originHost = Fn.select(2, Fn.split('/', this.httpApi.apiEndpoint))
    }
    this.origin = new HttpOrigin(originHost, {
      originPath: edgePath,
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [OriginSslPolicy.TLS_V1_2],
      // Replaces any header of that name a viewer sends.
      customHeaders: { [originSecret.header]: secretValue },
    })
  }
}
