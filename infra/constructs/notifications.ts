import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib'
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam'
import { Key } from 'aws-cdk-lib/aws-kms'
import type { IPublicHostedZone } from 'aws-cdk-lib/aws-route53'
import { EmailIdentity, Identity, type IEmailIdentity } from 'aws-cdk-lib/aws-ses'
import { type ITopic, Topic } from 'aws-cdk-lib/aws-sns'
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions'
import { Construct } from 'constructs'

export interface NotificationsProps {
  /** The address enquiry e-mails are sent from (SES must verify it before it sends anything). */
  readonly senderEmail: string
  /**
   * A Route 53 zone for the sender's domain. When the sender's domain is this zone, the whole
   * domain is verified with DKIM records written into the zone (no click on a link needed).
   * @default - the single address is verified: SES mails it a link to click
   */
  readonly hostedZone?: IPublicHostedZone
  /**
   * Where ops want alarm e-mails (the subscription must be confirmed from that inbox).
   * @default - no subscription; subscribe to the topic by other means
   */
  readonly opsEmail?: string
}

/** How the product talks to people: the SES identity enquiries are sent from, and the ops topic. */
export class Notifications extends Construct {
  readonly senderIdentity: IEmailIdentity
  /** Alarms publish here. */
  readonly opsTopic: ITopic

  constructor(scope: Construct, id: string, props: NotificationsProps) {
    super(scope, id)
    const senderDomain = props.senderEmail.split('@').pop()?.toLowerCase()
    const zone = props.hostedZone
    this.senderIdentity = new EmailIdentity(this, 'SenderIdentity', {
      identity:
        zone && senderDomain === zone.zoneName.toLowerCase()
          ? Identity.publicHostedZone(zone)
          : Identity.email(props.senderEmail),
    })

    // CloudWatch can only publish to an encrypted topic whose key lets it in, which AWS's own
    // SNS key does not: hence a customer-managed key, rotated yearly.
    const key = new Key(this, 'OpsTopicKey', {
      description: 'Encrypts ops alarm notifications of the agency website',
      enableKeyRotation: true,
      // It protects messages in flight only; nothing encrypted with it outlives the stack.
      removalPolicy: RemovalPolicy.DESTROY,
      pendingWindow: Duration.days(7),
    })
    key.addToResourcePolicy(
      new PolicyStatement({
        principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        resources: ['*'],
        conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(this).account } },
      }),
    )
    const topic = new Topic(this, 'OpsTopic', {
      displayName: 'Website ops alarms',
      masterKey: key,
      enforceSSL: true,
    })
    // Publishing rights stated, not assumed: the topic has its own policy (SSL-only), which
    // replaces SNS's default one.
    topic.addToResourcePolicy(
      new PolicyStatement({
        principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['sns:Publish'],
        resources: [topic.topicArn],
        conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(this).account } },
      }),
    )
    if (props.opsEmail) topic.addSubscription(new EmailSubscription(props.opsEmail))
    this.opsTopic = topic
  }
}
