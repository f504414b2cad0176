import { Match, type Template } from 'aws-cdk-lib/assertions'
import { afterAll, beforeAll, expect } from 'vitest'
import { type Synthesised, type SynthOptions, synthesise } from './synthesise-app.ts'

/**
 * What the site stack's template tests share: finders over a synthesised template, and the stage
 * they mostly read (production, no domain, no analytics, the functions bundled).
 */

/** The one resource of a type (fails when there are none or several). */
export function only(template: Template, type: string, props?: object): [string, Resource] {
  const found = Object.entries(template.findResources(type, props && { Properties: props }))
  expect(found, `exactly one ${type}`).toHaveLength(1)
  return found[0] as [string, Resource]
}

export function logicalIdOf(template: Template, type: string, idPrefix: string): string {
  const ids = Object.keys(template.findResources(type)).filter((id) => id.startsWith(idPrefix))
  expect(ids, `one ${type} named ${idPrefix}*`).toHaveLength(1)
  return ids[0] as string
}

/**
 * Synthesised CloudFormation is untyped JSON; the assertions below are what check its shape.
 */
// biome-ignore lint/suspicious/noExplicitAny: see above
export type Cfn = any
export type Resource = { Type: string; Properties: Cfn; DeletionPolicy?: string } & Cfn

export const getAtt = (id: string, attribute: string) => ({ 'Fn::GetAtt': [id, attribute] })

/** The headers a response headers policy makes CloudFront send, as name → value. */
export function headersOfPolicy(config: Cfn): Record<string, string> {
  const security = config.SecurityHeadersConfig
  const hsts = security.StrictTransportSecurity
  const overrides = [
    security.ContentSecurityPolicy,
    hsts,
    security.ContentTypeOptions,
    security.FrameOptions,
    security.ReferrerPolicy,
    ...config.CustomHeadersConfig.Items,
  ].map((entry) => entry.Override)
  expect(
    overrides.every((override) => override === true),
    'every header overrides',
  ).toBe(true)
  return {
    'Content-Security-Policy': security.ContentSecurityPolicy.ContentSecurityPolicy,
    'Strict-Transport-Security': [
      `max-age=${hsts.AccessControlMaxAgeSec}`,
      ...(hsts.IncludeSubdomains ? ['includeSubDomains'] : []),
      ...(hsts.Preload ? ['preload'] : []),
    ].join('; '),
    ...(security.ContentTypeOptions && { 'X-Content-Type-Options': 'nosniff' }),
    'X-Frame-Options': security.FrameOptions.FrameOption,
    'Referrer-Policy': security.ReferrerPolicy.ReferrerPolicy,
    ...Object.fromEntries(
      config.CustomHeadersConfig.Items.map((item: { Header: string; Value: string }) => [
        item.Header,
        item.Value,
      ]),
    ),
  }
}

/** Every statement of the IAM policies attached to one role, with actions as sorted arrays. */
export function statementsOfRole(template: Template, roleId: string) {
  const policies = Object.values(
    template.findResources('AWS::IAM::Policy', {
      Properties: { Roles: Match.arrayWith([{ Ref: roleId }]) },
    }),
  ) as Resource[]
  return policies.flatMap((policy) =>
    policy.Properties.PolicyDocument.Statement.map((statement: Cfn) => ({
      ...statement,
      Action: [statement.Action].flat().sort(),
    })),
  )
}

/** Every action of the IAM policies attached to one role, sorted (one entry per statement's). */
export function actionsOfRole(template: Template, roleId: string): string[] {
  return statementsOfRole(template, roleId)
    .flatMap((statement) => statement.Action as string[])
    .sort()
}

/**
 * What a topic's policy must hold: nothing published without TLS, and `publisher` (a principal,
 * with its conditions) allowed to publish; as `hasResourceProperties` matches it.
 */
export function tlsOnlyTopicPolicy(topicId: string, publisher: Cfn) {
  return {
    Topics: [{ Ref: topicId }],
    PolicyDocument: {
      Statement: Match.arrayWith([
        Match.objectLike({
          Effect: 'Deny',
          Condition: { Bool: { 'aws:SecureTransport': 'false' } },
        }),
        Match.objectLike({ Effect: 'Allow', Action: 'sns:Publish', ...publisher }),
      ]),
    },
  }
}

export function cacheBehaviour(template: Template, pathPattern: string) {
  const [, distribution] = only(template, 'AWS::CloudFront::Distribution')
  const behaviours = distribution.Properties.DistributionConfig.CacheBehaviors as Cfn[]
  const behaviour = behaviours.find((candidate) => candidate.PathPattern === pathPattern)
  expect(behaviour, `a ${pathPattern} behaviour`).toBeDefined()
  return behaviour as Cfn
}

// CloudFront's managed policies, by their documented ids.
export const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad'
export const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac'

/** A synthesised stage as the tests of one file read it. */
export interface BundledStage {
  readonly synth: Synthesised
  readonly template: Template
  readonly data: Template
  /** How the site stack reads a value of the data stack's: that stack's output, by resource id. */
  fromData(idPrefix: string): object
  /**
   * The statement that allows `actions` on the enquiries table (the data stack's, through its
   * output), or with `index`, on that index only.
   */
  onTable(actions: readonly string[], index?: string): object
  /** The policy statements of the role whose id starts with `idPrefix`. */
  roleStatements(idPrefix: string): Cfn[]
  /** The statement that lets a function write to its log group (id starting with `idPrefix`). */
  writeLogs(idPrefix: string): object
}

/**
 * The production stage (by default with no domain and no analytics), its functions bundled by
 * esbuild: synthesised once before the calling file's tests (bundling takes a while) and removed
 * after. A stage with a hosted zone (`combinations.hostedZone`, built with `siteEnv`) has every
 * function, reply detection's too.
 */
export function bundledStage(
  options: Pick<SynthOptions, 'stages' | 'env'> = { stages: { prod: {} } },
): BundledStage {
  let synth: Synthesised | undefined
  beforeAll(() => {
    synth = synthesise({ bundle: true, ...options })
  }, 180_000)
  afterAll(() => synth?.dispose())
  const synthesised = () => {
    if (!synth) throw new Error('the stage is synthesised before the tests run')
    return synth
  }
  return {
    get synth() {
      return synthesised()
    },
    get template() {
      return synthesised().site
    },
    get data() {
      return synthesised().data as Template
    },
    onTable(actions, index) {
      return {
        Effect: 'Allow',
        Action: [...actions],
        Resource: {
          'Fn::Join': [
            '',
            [
              'arn:aws:dynamodb:eu-west-2:',
              { Ref: 'AWS::AccountId' },
              ':table/',
              this.fromData('EnquiriesTable'),
              ...(index ? [`/index/${index}`] : []),
            ],
          ],
        },
      }
    },
    roleStatements(idPrefix) {
      const template = synthesised().site
      return statementsOfRole(template, logicalIdOf(template, 'AWS::IAM::Role', idPrefix))
    },
    writeLogs: (idPrefix) => ({
      Effect: 'Allow',
      Action: ['logs:CreateLogStream', 'logs:PutLogEvents'],
      Resource: getAtt(logicalIdOf(synthesised().site, 'AWS::Logs::LogGroup', idPrefix), 'Arn'),
    }),
    fromData: (idPrefix) => ({
      'Fn::GetStackOutput': {
        StackName: synthesised().stacks.data?.stackName,
        Region: 'eu-west-2',
        OutputName: Object.keys((synthesised().data as Template).toJSON().Outputs).find((name) =>
          name.startsWith(`PublishOutputRef${idPrefix}`),
        ),
      },
    }),
  }
}
