import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib'
import type { IDistribution } from 'aws-cdk-lib/aws-cloudfront'
import { CfnPolicy, type Role } from 'aws-cdk-lib/aws-iam'
import type { SingletonFunction } from 'aws-cdk-lib/aws-lambda'
import { RetentionDays } from 'aws-cdk-lib/aws-logs'
import type { IBucket } from 'aws-cdk-lib/aws-s3'
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment'
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference.js'
import type { Construct } from 'constructs'
import { contentSecurityPolicy } from '#shared/security-headers.ts'
import { inlineScriptsRefused } from '../inline-scripts.ts'
import { roleWithOwnLogs } from './node-function.ts'

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

export interface SiteDeploymentProps {
  /** The prerendered site (`dist/client`). */
  readonly siteDirectory: string
  /** Whether Google Analytics is configured (the CSP the inline scripts are checked against). */
  readonly analytics: boolean
  readonly bucket: IBucket
  /** Invalidated once the pages are in place. */
  readonly distribution: IDistribution
}

/**
 * Copies the built site into its bucket in three passes over one upload, so each file gets its
 * cache rule: hashed assets first (old ones kept, for pages still cached in browsers), then other
 * files, then the HTML that references them, followed by an invalidation. Created in `scope` (a
 * function, not a construct, so the resources keep the ids they had inside StaticSite).
 */
export function deploySite(scope: Construct, props: SiteDeploymentProps): void {
  // A page whose inline start the policy refused would run no script at all (a stale build).
  const refused = inlineScriptsRefused(
    props.siteDirectory,
    contentSecurityPolicy({ analytics: props.analytics }),
  )
  if (refused.length > 0) {
    throw new Error(
      `The built site has inline scripts its CSP would refuse (run \`npm run build\`): ${refused.join(', ')}`,
    )
  }
  const source = Source.asset(props.siteDirectory, { exclude: ['.vite'] })
  const { logGroup, role } = roleWithOwnLogs(scope, 'Deployment', {
    description: 'Copies the built website into its bucket',
    retention: RetentionDays.ONE_MONTH,
    removalPolicy: RemovalPolicy.DESTROY,
  })
  const common = {
    sources: [source],
    destinationBucket: props.bucket,
    role,
    logGroup,
    memoryLimit: 512,
  }
  const assets = new BucketDeployment(scope, 'DeployAssets', {
    ...common,
    exclude: ['*'],
    include: ['assets/*'],
    prune: false,
    cacheControl: siteCacheControl.assets,
  })
  const files = new BucketDeployment(scope, 'DeployFiles', {
    ...common,
    exclude: ['assets/*', '*.html'],
    cacheControl: siteCacheControl.other,
  })
  const pages = new BucketDeployment(scope, 'DeployPages', {
    ...common,
    exclude: ['*'],
    include: ['*.html'],
    cacheControl: siteCacheControl.html,
    distribution: props.distribution,
    distributionPaths: ['/*'],
  })
  files.node.addDependency(assets)
  pages.node.addDependency(files)

  acknowledgeDeploymentWildcards(role)
  // The three deployments share one handler function (same memory), created at the stack's
  // root; its CloudFormation resource is reached through the deployment's own handler.
  const handler = assets.node.findChild('CustomResourceHandler') as SingletonFunction
  const handlerFunction = handler.permissionsNode.defaultChild
  if (handlerFunction) {
    Validations.of(handlerFunction).acknowledge({
      id: 'AwsSolutions-L1',
      reason:
        "CDK's BucketDeployment handler is Python on the runtime the CDK release pins; " +
        'it runs only during deployments and is updated with aws-cdk-lib.',
    })
  }
}

/** Why each wildcard CDK's BucketDeployment grants its handler is needed. */
const wildcardActions: Record<string, string> = {
  's3:GetBucket*': 'Reads the uploaded build and compares it with the site bucket.',
  's3:GetObject*': 'Reads the uploaded build and the current site files to sync them.',
  's3:List*': 'Lists the build upload and the site bucket to find what changed and what to prune.',
  's3:Abort*': 'Aborts its own failed multipart uploads into the site bucket.',
  's3:DeleteObject*': 'Prunes files a new build no longer has (old pages, files).',
}
const writes = /^s3:(PutObject|DeleteObject|Abort)/
const reasonFor = {
  upload:
    'Any key of the CDK asset bucket this stack publishes the build to (keys are content ' +
    'hashes known only at publish time); read only.',
  site: 'Deploying the site means writing any key of the site bucket; nothing else lives there.',
  invalidation:
    'cloudfront:CreateInvalidation/GetInvalidation as CDK grants them; the handler only ever ' +
    'invalidates this distribution, whose id it is given.',
}

/**
 * Acknowledges each wildcard of the deployment role's policy with the reason for its kind, read
 * from the policy itself rather than from a guess at the names CDK and the bootstrap give the
 * buckets. It runs as the construct's validation, after cross-stack references are resolved, so
 * each finding is written as cdk-nag writes it; a wildcard no reason covers fails the synth.
 */
function acknowledgeDeploymentWildcards(role: Role) {
  role.node.addValidation({
    validate: () => {
      const policy = role.node.tryFindChild('DefaultPolicy')?.node.defaultChild
      if (!(policy instanceof CfnPolicy)) return []
      const unexplained: string[] = []
      const acknowledged = new Map<string, string>()
      const document = Stack.of(role).resolve(policy.policyDocument) as {
        Statement: { Effect: string; Action: string | string[]; Resource: unknown }[]
      }
      for (const statement of document.Statement.filter((s) => s.Effect === 'Allow')) {
        const actions = [statement.Action].flat()
        for (const action of actions.filter((a) => a.includes('*'))) {
          const reason = wildcardActions[action]
          if (reason) acknowledged.set(`AwsSolutions-IAM5[Action::${action}]`, reason)
          else unexplained.push(action)
        }
        const kind = actions.every((action) => action.startsWith('cloudfront:'))
          ? 'invalidation'
          : actions.some((action) => writes.test(action))
            ? 'site'
            : 'upload'
        for (const resource of [statement.Resource].flat().map(flattenCfnReference)) {
          if (!resource.includes('*')) continue
          if (resource === '*' && kind !== 'invalidation') unexplained.push(resource)
          else acknowledged.set(`AwsSolutions-IAM5[Resource::${resource}]`, reasonFor[kind])
        }
      }
      const rules = [...acknowledged].map(([id, reason]) => ({ id, reason }))
      Validations.of(role).acknowledge(...rules)
      // Copied into the template as cdk-nag's own aspect does for the others (it ran earlier).
      const written = (policy.getMetadata('cdk_nag')?.rules_to_suppress ?? []) as object[]
      policy.addMetadata('cdk_nag', { rules_to_suppress: [...written, ...rules] })
      return unexplained.map(
        (wildcard) => `The site deployment role holds a wildcard no reason covers: ${wildcard}`,
      )
    },
  })
}
