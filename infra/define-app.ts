import { type App, Duration, Stage, Tags } from 'aws-cdk-lib'
import { addCdkNagChecks } from './cdk-nag-checks.ts'
import { identityPlan } from './constructs/email-identities.ts'
import { retention } from './retention.ts'
import {
  CLOUDFRONT_REGION,
  hasEdgeStack,
  stageResourceNames,
  stageStackPlaces,
} from './stack-names.ts'
import { CloudFrontAlarmsStack } from './stacks/cloudfront-alarms-stack.ts'
import { DataStack } from './stacks/data-stack.ts'
import { EdgeStack } from './stacks/edge-stack.ts'
import { SiteStack } from './stacks/site-stack.ts'
import type { Migration } from './stage-selection.ts'
import type { DeployConfig } from './stage-settings.ts'

export interface AppPaths {
  /** The built site (`dist/client`). */
  readonly siteDirectory: string
  /**
   * The Lambda sources.
   * @default - the repository's `functions/`
   */
  readonly functionsDirectory?: string
}

/** One stage's stacks, in the order a deploy creates them. */
export interface StageStacks {
  readonly stage: Stage
  /** Certificate and web ACL for CloudFront (us-east-1), when the stage has either. */
  readonly edge?: EdgeStack
  /** Absent only while an existing deployment's data moves into it (`migration`). */
  readonly data?: DataStack
  readonly site: SiteStack
  readonly cloudFrontAlarms: CloudFrontAlarmsStack
}

/**
 * The product's stages, one `cdk.Stage` each (so `cdk deploy 'prod/*'` deploys exactly one),
 * with cdk-nag checking all of them. The app entry and the tests both build the app through
 * here, so the tests check what `cdk deploy` deploys.
 */
export function defineApp(
  app: App,
  configs: readonly DeployConfig[],
  paths: AppPaths,
  migration?: Migration,
): Record<string, StageStacks> {
  const stages = Object.fromEntries(
    configs.map((config) => [config.stage, defineStage(app, config, paths, migration)]),
  )
  addCdkNagChecks(
    app,
    Object.values(stages).map(({ stage }) => stage),
  )
  return stages
}

function defineStage(
  app: App,
  config: DeployConfig,
  paths: AppPaths,
  migration: Migration | undefined,
): StageStacks {
  const stage = new Stage(app, config.stage, { env: config.env })
  const name = config.stackName
  const names = stageResourceNames(name)
  const site = config.site.name
  const domain = config.domain
  const edgeEnv = { ...config.env, region: CLOUDFRONT_REGION }
  const crossRegion = config.env.region !== CLOUDFRONT_REGION

  // CloudFront reads certificates and web ACLs from us-east-1 only: the edge stack holds them.
  const certificateInEdge = domain?.hostedZone && !domain.certificateArn
  const edge = hasEdgeStack(config)
    ? new EdgeStack(stage, 'Edge', {
        stackName: names.edge,
        description: `${site} website: ${[
          certificateInEdge && 'TLS certificate',
          config.waf && 'WAF web ACL',
        ]
          .filter(Boolean)
          .join(' and ')} for CloudFront (us-east-1)`,
        env: edgeEnv,
        ...(certificateInEdge &&
          domain.hostedZone && {
            certificate: { domainNames: [domain.domainName], hostedZone: domain.hostedZone },
          }),
        ...(config.waf && {
          webAcl: { rateLimit: config.waf.rateLimit, logRetention: retention.logs },
        }),
      })
    : undefined
  const certificate = domain?.certificateArn ?? edge?.certificate

  const identities = {
    senderEmail: config.senderEmail,
    senderIdentity: config.senderIdentity,
    agencyEmail: config.agencyEmail,
    recipientIdentity: config.recipientIdentity,
  }
  const data = migration
    ? undefined
    : new DataStack(stage, 'Data', {
        stackName: names.data,
        description: `${site} website: enquiries, the site's files and logs, SES identities (retained)`,
        ...identities,
        dmarc: config.dmarc,
        mailFromSubdomain: config.mailFromSubdomain,
        hostedZone: domain?.hostedZone,
        evidenceRetentionYears: config.evidenceRetentionYears,
      })

  const distributionIdParameter = {
    name: names.distributionIdParameter,
    region: CLOUDFRONT_REGION,
  }
  const siteStack = new SiteStack(stage, 'Site', {
    stackName: names.site,
    description: `${site} website and contact API`,
    crossRegionReferences: edge !== undefined && crossRegion,
    siteDirectory: paths.siteDirectory,
    functionsDirectory: paths.functionsDirectory,
    analytics: config.site.gaMeasurementId !== undefined,
    stage: config.stage,
    data: data
      ? {
          tableName: data.enquiries.table.tableName,
          tableStreamArn: data.enquiries.table.tableStreamArn,
          siteBucketName: data.storage.bucket.bucketName,
          logBucketName: data.storage.logBucket.bucketName,
          evidenceBucketName: data.evidence.bucket.bucketName,
        }
      : (migration as Migration),
    evidence: { auditEmail: config.auditEmail, stacks: stageStackPlaces(config) },
    senderEmail: config.senderEmail,
    agencyEmail: config.agencyEmail,
    sendingAs: identityPlan(identities).sendingAs,
    opsEmail: config.opsEmail,
    apiThrottle: config.apiThrottle,
    digestSchedule: config.digestSchedule,
    ...(config.canaryIntervalMinutes && {
      canaryInterval: Duration.minutes(config.canaryIntervalMinutes),
    }),
    digestListDays: config.digestListDays,
    digestCopyTo: config.digestCopyTo,
    answers: {
      agencyTimeZone: config.agencyTimeZone,
      reminderAfterHours: config.reminderAfterHours,
      ...(config.weeklySummaryTo && { weeklySummaryTo: config.weeklySummaryTo }),
      ...(config.replyDomain && { replyDomain: config.replyDomain }),
    },
    webAclArn: edge?.webAcl?.arn,
    distributionIdParameter,
    domain:
      domain && certificate !== undefined
        ? {
            domainName: domain.domainName,
            certificate,
            hostedZone: domain.hostedZone,
            api: domain.api,
          }
        : undefined,
  })
  // Identities are used by name: the functions must not send before they exist.
  if (data) siteStack.addStackDependency(data)

  // CloudFront's metrics exist only in us-east-1: its alarms go there, once the distribution does.
  // Its id and stack name are older than the class name and stay: renaming a stack replaces it.
  const cloudFrontAlarms = new CloudFrontAlarmsStack(stage, 'EdgeMonitoring', {
    stackName: names.cloudFrontAlarms,
    description: `${site} website: CloudFront alarms (us-east-1)`,
    env: edgeEnv,
    distributionIdParameter: distributionIdParameter.name,
    opsEmail: config.opsEmail,
  })
  cloudFrontAlarms.addStackDependency(siteStack)

  // cfn-lint's schema (and so a user's pre-deploy check) does not know dashboard tags yet.
  const tagged = { excludeResourceTypes: ['AWS::CloudWatch::Dashboard'] }
  Tags.of(stage).add('project', site, tagged)
  Tags.of(stage).add('stage', config.stage, tagged)
  return { stage, edge, data, site: siteStack, cloudFrontAlarms }
}
