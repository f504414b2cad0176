/** CloudFront's certificates, web ACLs, metrics and alarms live in this region only. */
export const CLOUDFRONT_REGION = 'us-east-1'

/**
 * Where one stage's stacks and the distribution id's parameter are, from its stack name: the
 * app (infra/define-app.ts) names them so, and the ops commands (preflight, verify) find them so.
 */
export function stageResourceNames(stackName: string) {
  return {
    site: stackName,
    data: `${stackName}-Data`,
    edge: `${stackName}-Edge`,
    cloudFrontAlarms: `${stackName}-EdgeMonitoring`,
    /** An SSM parameter in CLOUDFRONT_REGION. */
    distributionIdParameter: `/${stackName}/distribution-id`,
  } as const
}

/** A stack of a stage, where it is deployed. */
export interface StackPlace {
  readonly stackName: string
  readonly region: string
}

/**
 * Every stack a stage deploys, in the order a deploy creates them, where: its data and site
 * stacks in its region, its CloudFront alarms (and, with a certificate it issues or a web ACL,
 * its edge stack) in CLOUDFRONT_REGION. What the app defines (infra/define-app.ts), what
 * `npm run verify` expects deployed and what the retention check reads.
 */
export function stageStackPlaces(config: {
  readonly stackName: string
  readonly env: { readonly region: string }
  readonly waf?: unknown
  readonly domain?: { readonly hostedZone?: unknown; readonly certificateArn?: string }
}): StackPlace[] {
  const names = stageResourceNames(config.stackName)
  const region = config.env.region
  return [
    ...(hasEdgeStack(config) ? [{ stackName: names.edge, region: CLOUDFRONT_REGION }] : []),
    { stackName: names.data, region },
    { stackName: names.site, region },
    { stackName: names.cloudFrontAlarms, region: CLOUDFRONT_REGION },
  ]
}

/** Whether the stage has an edge stack: a certificate it issues, or a WAF web ACL. */
export function hasEdgeStack(config: {
  readonly waf?: unknown
  readonly domain?: { readonly hostedZone?: unknown; readonly certificateArn?: string }
}): boolean {
  return Boolean((config.domain?.hostedZone && !config.domain.certificateArn) || config.waf)
}
