import type { Add } from './finding.ts'
import type { RetentionPolicy } from './policy.ts'
import type { ResourcePool } from './template-pool.ts'

/** SES: what it keeps of each enquiry e-mail (nothing), and where its sending events go. */
export function auditEmail(pool: ResourcePool, policy: RetentionPolicy, add: Add) {
  for (const { key } of pool.ofType('AWS::SES::EmailIdentity')) {
    add(
      'info',
      `SES identity ${key}`,
      'SES sends each enquiry to the agency inbox and keeps no copy of it. The inbox is outside AWS: the agency deletes enquiry e-mails after ' +
        `${policy.enquiryYears} years and on erasure (docs/operations.md)`,
    )
  }
  for (const { key, props } of pool.ofType('AWS::SES::ConfigurationSet')) {
    // Mail Manager archiving keeps a copy of every message sent through the set (each enquiry).
    const archive = props.ArchivingOptions?.ArchiveArn
    add(
      archive ? 'fail' : 'info',
      `SES configuration set ${key}`,
      archive
        ? `archives every e-mail sent through it (each enquiry, whole) to ${JSON.stringify(archive)}, beyond TTL and erasure`
        : 'no archiving: SES keeps no copy of the e-mails sent through it',
    )
  }
  for (const { key, props } of pool.ofType('AWS::SES::ConfigurationSetEventDestination')) {
    // SNS keeps no message once delivered, and the delivery-events function stores only the
    // e-mail's status on the enquiry (under its TTL): any other destination (Firehose, logs)
    // would keep recipients and subjects where this audit does not look.
    const toSnsOnly = Object.keys(props.EventDestination ?? {})
      .filter((name) => name.endsWith('Destination'))
      .every((name) => name === 'SnsDestination')
    add(
      toSnsOnly ? 'info' : 'fail',
      `SES event destination ${key}`,
      toSnsOnly
        ? 'sending events (recipient, subject) go to an SNS topic, which stores nothing; their ' +
            'handler records only the e-mail status on the enquiry, deleted with it by TTL'
        : 'sending events (recipients, subjects) go somewhere this audit does not follow',
    )
  }
  // Receiving: a rule set holds rules only; a rule keeps a message only through its actions.
  for (const { key } of pool.ofType('AWS::SES::ReceiptRuleSet')) {
    add('info', `SES receipt rule set ${key}`, 'receipt rules only: it holds no message')
  }
  for (const { key, props } of pool.ofType('AWS::SES::ReceiptRule')) {
    const kinds = ((props.Rule?.Actions ?? []) as Record<string, unknown>[]).flatMap((action) =>
      Object.keys(action),
    )
    // S3 keeps the whole message; SNS and WorkMail pass it (its body) on; a Lambda action gets
    // the headers and SES's verdicts only; bounce, stop and add-header keep nothing.
    const keeping = kinds.filter((kind) => !keepsNothing.has(kind))
    add(
      keeping.length === 0 ? 'info' : 'fail',
      `SES receipt rule ${key}`,
      keeping.length === 0
        ? `received mail goes to ${kinds.join(', ') || 'no action'} only: no copy of a message (body or headers) is stored; the reply-received function records the replying address and time on the enquiry, deleted with it by TTL`
        : `received mail (whole messages, bodies included) goes to ${keeping.join(', ')}, which this audit does not follow: a reply's content would be kept beyond the enquiry's TTL and erasure`,
    )
  }
}

/** Receipt rule actions that keep no part of a message. */
const keepsNothing = new Set(['LambdaAction', 'BounceAction', 'StopAction', 'AddHeaderAction'])
