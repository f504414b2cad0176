import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib'
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam'
import { Key } from 'aws-cdk-lib/aws-kms'
import { Topic } from 'aws-cdk-lib/aws-sns'
import type { Construct } from 'constructs'

export interface EncryptedTopicProps {
  /** The AWS service of this account that publishes to it, e.g. `ses.amazonaws.com`. */
  readonly publisher: string
  /** What the key protects, as its description says. */
  readonly keyDescription: string
  readonly displayName: string
}

/**
 * An SNS topic encrypted with a customer-managed key, rotated yearly, that lets `publisher` in:
 * an AWS service publishes to an encrypted topic only when the key allows it, which AWS's own SNS
 * key does not. Created in `scope` as `${id}Key` and `${id}`, so callers keep their logical ids.
 */
export function encryptedTopic(scope: Construct, id: string, props: EncryptedTopicProps): Topic {
  const key = new Key(scope, `${id}Key`, {
    description: props.keyDescription,
    enableKeyRotation: true,
    // It protects messages in flight only; nothing encrypted with it outlives the stack.
    removalPolicy: RemovalPolicy.DESTROY,
    pendingWindow: Duration.days(7),
  })
  key.addToResourcePolicy(
    new PolicyStatement({
      principals: [new ServicePrincipal(props.publisher)],
      actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
      resources: ['*'],
      conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(scope).account } },
    }),
  )
  return new Topic(scope, id, {
    displayName: props.displayName,
    masterKey: key,
    enforceSSL: true,
  })
}
