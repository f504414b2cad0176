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

/** What decides a stage's stacks: its domain (and how its certificate is had) and its web ACL. */
export interface StackChoice {
  readonly env: { readonly region: string }
  readonly stackName: string
  readonly domain?: { readonly hostedZone?: unknown; readonly certificateArn?: string } | undefined
  readonly waf?: unknown
}

/** The edge stack exists for a certificate issued in the stage's zone, or for a web ACL. */
export const hasEdgeStack = (config: StackChoice) =>
  (config.domain?.hostedZone !== undefined && !config.domain.certificateArn) || Boolean(config.waf)

/**
 * Every stack of a stage, in the order a deploy creates them, where it is: what the app defines
 * (infra/define-app.ts) and what `npm run verify` expects to find deployed.
 */
export function stageStacks(config: StackChoice): { name: string; region: string }[] {
  const names = stageResourceNames(config.stackName)
  const region = config.env.region
  return [
    ...(hasEdgeStack(config) ? [{ name: names.edge, region: CLOUDFRONT_REGION }] : []),
    { name: names.data, region },
    { name: names.site, region },
    { name: names.cloudFrontAlarms, region: CLOUDFRONT_REGION },
  ]
}
