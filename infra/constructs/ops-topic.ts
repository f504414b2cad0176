import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib'
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam'
import { Key } from 'aws-cdk-lib/aws-kms'
import { type ITopic, Topic } from 'aws-cdk-lib/aws-sns'
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions'
import type { Construct } from 'constructs'

export interface OpsTopicProps {
  /**
   * Where ops want alarm e-mails (the subscription must be confirmed from that inbox).
   * @default - no subscription; subscribe to the topic by other means
   */
  readonly opsEmail?: string
}

/**
 * The encrypted topic CloudWatch alarms publish to, as `OpsTopicKey` and `OpsTopic` in `scope`.
 * A function rather than a construct, so the site stack's topic keeps its logical id (a new id
 * would replace the topic and drop ops' confirmed subscription). An alarm publishes only to a
 * topic of its own region, hence one per region that holds alarms.
 */
export function createOpsTopic(scope: Construct, props: OpsTopicProps = {}): ITopic {
  const account = Stack.of(scope).account
  // CloudWatch can only publish to an encrypted topic whose key lets it in, which AWS's own
  // SNS key does not: hence a customer-managed key, rotated yearly.
  const key = new Key(scope, 'OpsTopicKey', {
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
      conditions: { StringEquals: { 'aws:SourceAccount': account } },
    }),
  )
  const topic = new Topic(scope, 'OpsTopic', {
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
      conditions: { StringEquals: { 'aws:SourceAccount': account } },
    }),
  )
  if (props.opsEmail) topic.addSubscription(new EmailSubscription(props.opsEmail))
  return topic
}
