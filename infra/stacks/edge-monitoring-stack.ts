import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib'
import type { IDistribution } from 'aws-cdk-lib/aws-cloudfront'
import type { ITopic } from 'aws-cdk-lib/aws-sns'
import type { Construct } from 'constructs'
import { EdgeAlarms } from '../constructs/edge-alarms.ts'
import { createOpsTopic } from '../constructs/ops-topic.ts'

export interface EdgeMonitoringStackProps extends StackProps {
  /** The site's distribution (from the site stack, deployed first). */
  readonly distribution: IDistribution
  /**
   * An address subscribed to this stack's ops topic (the same one as the site stack's).
   * @default - none
   */
  readonly opsEmail?: string
}

/**
 * The alarms on CloudFront's own metrics, which exist only in us-east-1, with an ops topic there
 * (an alarm publishes only to a topic of its own region). Deployed after the site stack, whose
 * distribution it watches; the edge stack comes before the site stack, so it cannot hold them.
 */
export class EdgeMonitoringStack extends Stack {
  readonly opsTopic: ITopic
  readonly alarms: EdgeAlarms

  constructor(scope: Construct, id: string, props: EdgeMonitoringStackProps) {
    super(scope, id, props)
    this.opsTopic = createOpsTopic(this, { opsEmail: props.opsEmail })
    this.alarms = new EdgeAlarms(this, 'EdgeAlarms', {
      topic: this.opsTopic,
      distribution: props.distribution,
    })
    new CfnOutput(this, 'OpsTopicArn', {
      description: 'Subscribe ops here for the website’s CloudFront alarms (us-east-1)',
      value: this.opsTopic.topicArn,
    })
  }
}
