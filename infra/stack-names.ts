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
