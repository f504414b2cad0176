import { Stack } from 'aws-cdk-lib'
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam'
import type { ITopic } from 'aws-cdk-lib/aws-sns'
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions'
import type { Construct } from 'constructs'
import { encryptedTopic } from './encrypted-topic.ts'

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
  const topic = encryptedTopic(scope, 'OpsTopic', {
    publisher: 'cloudwatch.amazonaws.com',
    keyDescription: 'Encrypts ops alarm notifications of the agency website',
    displayName: 'Website ops alarms',
  })
  // Publishing rights stated, not assumed: the topic has its own policy (SSL-only), which
  // replaces SNS's default one.
  topic.addToResourcePolicy(
    new PolicyStatement({
      principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
      actions: ['sns:Publish'],
      resources: [topic.topicArn],
      conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(scope).account } },
    }),
  )
  if (props.opsEmail) topic.addSubscription(new EmailSubscription(props.opsEmail))
  return topic
}
