import { type App, Tags } from 'aws-cdk-lib'
import { addChecks } from './checks.ts'
import type { DeployConfig } from './config.ts'
import { retention } from './retention.ts'
import { EdgeMonitoringStack } from './stacks/edge-monitoring-stack.ts'
import { EdgeStack } from './stacks/edge-stack.ts'
import { SiteStack } from './stacks/site-stack.ts'

export interface AppPaths {
  /** The built site (`dist/client`). */
  readonly siteDirectory: string
  /**
   * The Lambda sources.
   * @default - the repository's `functions/`
   */
  readonly functionsDirectory?: string
}

/**
 * The product's stacks for one deployment, with cdk-nag checking all of them. The app entry and
 * the tests both build the app through here, so the tests check what `cdk deploy` deploys.
 */
export function defineApp(app: App, config: DeployConfig, paths: AppPaths) {
  const domain = config.domain
  // CloudFront reads certificates and web ACLs from us-east-1 only: the edge stack holds them.
  const certificateInEdge = domain?.hostedZone && !domain.certificateArn
  const edge =
    certificateInEdge || config.waf
      ? new EdgeStack(app, `${config.stackName}-Edge`, {
          description: `${config.site.name} website: ${[
            certificateInEdge && 'TLS certificate',
            config.waf && 'WAF web ACL',
          ]
            .filter(Boolean)
            .join(' and ')} for CloudFront (us-east-1)`,
          env: { ...config.env, region: 'us-east-1' },
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

  const site = new SiteStack(app, config.stackName, {
    description: `${config.site.name} website, contact API and enquiries`,
    env: config.env,
    crossRegionReferences: edge !== undefined && config.env.region !== 'us-east-1',
    siteDirectory: paths.siteDirectory,
    functionsDirectory: paths.functionsDirectory,
    analytics: config.site.gaMeasurementId !== undefined,
    stage: config.stage,
    senderEmail: config.senderEmail,
    senderIdentity: config.senderIdentity,
    agencyEmail: config.agencyEmail,
    recipientIdentity: config.recipientIdentity,
    dmarc: config.dmarc,
    opsEmail: config.opsEmail,
    apiThrottle: config.apiThrottle,
    digestSchedule: config.digestSchedule,
    webAclArn: edge?.webAcl?.arn,
    domain:
      domain && certificate !== undefined
        ? { domainName: domain.domainName, certificate, hostedZone: domain.hostedZone }
        : undefined,
  })

  // CloudFront's metrics exist only in us-east-1: its alarms go there, once the distribution does.
  const edgeMonitoring = new EdgeMonitoringStack(app, `${config.stackName}-EdgeMonitoring`, {
    description: `${config.site.name} website: CloudFront alarms (us-east-1)`,
    env: { ...config.env, region: 'us-east-1' },
    crossRegionReferences: config.env.region !== 'us-east-1',
    distribution: site.site.distribution,
    opsEmail: config.opsEmail,
  })

  // cfn-lint's schema (and so a user's pre-deploy check) does not know dashboard tags yet.
  const tagged = { excludeResourceTypes: ['AWS::CloudWatch::Dashboard'] }
  Tags.of(app).add('project', config.site.name, tagged)
  Tags.of(app).add('stage', config.stage, tagged)
  addChecks(app)
  return { site, edge, edgeMonitoring }
}
