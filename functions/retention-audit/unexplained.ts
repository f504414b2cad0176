import type { Add } from './finding.ts'
import type { Cfn, ResourcePool } from './template-pool.ts'

/**
 * Deny by default: every resource type of the templates is either read by a rule of this audit,
 * known to hold no data, or a FAIL naming it. A new kind of resource (a cache, an archive, a
 * stream, a store AWS adds next year) is unexplained until someone says what it holds and for
 * how long, and adds the rule.
 */

/**
 * Resource types that keep nothing of a visitor or an enquiry, each with why: configuration,
 * permissions, routing, code, metrics. Whatever they pass on is audited where it lands.
 */
export const holdsNothing: Readonly<Record<string, string>> = {
  'AWS::ApiGatewayV2::Api': 'routes requests; access logs are audited as log groups',
  'AWS::ApiGatewayV2::ApiMapping': 'routing',
  'AWS::ApiGatewayV2::DomainName': 'routing',
  'AWS::ApiGatewayV2::Integration': 'routing',
  'AWS::ApiGatewayV2::Route': 'routing',
  'AWS::ApiGatewayV2::Stage': 'no cache; access logs are audited as log groups',
  'AWS::CertificateManager::Certificate': 'a TLS certificate',
  'AWS::CloudFront::CachePolicy': 'configuration',
  'AWS::CloudFront::Function': 'code',
  'AWS::CloudFront::OriginAccessControl': 'configuration',
  'AWS::CloudFront::OriginRequestPolicy': 'configuration',
  'AWS::CloudFront::ResponseHeadersPolicy': 'configuration',
  'AWS::CloudWatch::Alarm': 'metrics only',
  'AWS::CloudWatch::CompositeAlarm': 'metrics only',
  'AWS::CloudWatch::Dashboard': 'metrics only',
  'AWS::Events::EventBus': 'passes events on, keeps none (archives are audited)',
  'AWS::Scheduler::ScheduleGroup': 'a schedule group',
  'AWS::IAM::ManagedPolicy': 'permissions',
  'AWS::IAM::Policy': 'permissions',
  'AWS::IAM::Role': 'permissions',
  'AWS::KMS::Alias': 'a key name',
  'AWS::KMS::Key': 'an encryption key',
  'AWS::Lambda::Alias': 'a function version name',
  'AWS::Lambda::LayerVersion': 'code',
  'AWS::Lambda::Permission': 'permissions',
  'AWS::Lambda::Url': 'routing',
  'AWS::Lambda::Version': 'code',
  'AWS::Route53::RecordSet': 'a DNS record',
  'AWS::S3::BucketPolicy': 'permissions',
  'AWS::SNS::TopicPolicy': 'permissions',
  'AWS::SQS::QueuePolicy': 'permissions',
  'AWS::SSM::Parameter': 'configuration (e.g. a distribution id)',
  'AWS::WAFv2::IPSet': 'configuration',
  'AWS::WAFv2::RegexPatternSet': 'configuration',
  'AWS::CDK::Metadata': "the CDK's version information",
  'Custom::CDKBucketDeployment': 'copies the built site into its bucket at deploy time',
  'Custom::CrossRegionExportReader': 'reads stack outputs across regions',
  'Custom::CrossRegionExportWriter': 'writes stack outputs across regions',
}

/** Deploy-time API calls an `AwsCustomResource` (`Custom::AWS`) may make: they store nothing. */
const harmlessCalls = new Set(['SSM.putParameter', 'SSM.deleteParameter', 'SSM.getParameter'])

/** `Custom::AWS`: what each deploy-time call does; a call outside the known ones is unexplained. */
export function auditCustomResources(pool: ResourcePool, add: Add) {
  for (const { key, props } of pool.ofType('Custom::AWS')) {
    const text = JSON.stringify([props.Create, props.Update, props.Delete] as Cfn[])
    const calls = [
      ...text.matchAll(
        /\\*"service\\*":\\*"(\w+)\\*"(?:,\\*"region\\*":\\*"[\w-]+\\*")?,\\*"action\\*":\\*"(\w+)/g,
      ),
    ].map((match) => `${match[1]}.${match[2]}`)
    const unknown = calls.filter((call) => !harmlessCalls.has(call))
    add(
      calls.length > 0 && unknown.length === 0 ? 'info' : 'fail',
      `Custom resource ${key}`,
      calls.length > 0 && unknown.length === 0
        ? `deploy-time calls ${[...new Set(calls)].join(', ')}: configuration, no personal data`
        : `deploy-time calls the audit does not know (${[...new Set(unknown)].join(', ') || 'unreadable'}): say what they store, and for how long`,
    )
  }
}

/** Every resource whose type no rule reads and which is not known to hold nothing. */
export function auditUnexplained(pool: ResourcePool, ruled: ReadonlySet<string>, add: Add) {
  for (const { key, type } of pool.all) {
    if (ruled.has(type) || Object.hasOwn(holdsNothing, type)) continue
    add(
      'fail',
      `${type} ${key}`,
      'unexplained: a resource type the retention audit has no rule for and does not know to hold nothing; say what it holds and for how long, and add its rule (functions/retention-audit/)',
    )
  }
}
