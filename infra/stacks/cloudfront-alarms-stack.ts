import { CfnOutput, CfnParameter, Stack, type StackProps } from 'aws-cdk-lib'
import type { ITopic } from 'aws-cdk-lib/aws-sns'
import type { Construct } from 'constructs'
import { CloudFrontAlarms } from '../constructs/cloudfront-alarms.ts'
import { createOpsTopic } from '../constructs/ops-topic.ts'

export interface CloudFrontAlarmsStackProps extends StackProps {
  /**
   * The SSM parameter (in this stack's region) the site stack writes its distribution's id to.
   */
  readonly distributionIdParameter: string
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
 *
 * The distribution's id arrives as an SSM-typed parameter, which CloudFormation reads afresh on
 * every deploy and the CDK CLI never skips: when the distribution is replaced, the site stack
 * writes the new id, and the next deploy of this stack moves the alarm onto it (a reference to the
 * site stack's output would leave this template unchanged, the stack skipped and the alarm
 * watching a distribution that no longer exists).
 */
export class CloudFrontAlarmsStack extends Stack {
  readonly opsTopic: ITopic
  readonly alarms: CloudFrontAlarms

  constructor(scope: Construct, id: string, props: CloudFrontAlarmsStackProps) {
    super(scope, id, props)
    const distributionId = new CfnParameter(this, 'DistributionId', {
      type: 'AWS::SSM::Parameter::Value<String>',
      default: props.distributionIdParameter,
      description: 'The SSM parameter holding the id of the distribution the alarms watch',
    })
    this.opsTopic = createOpsTopic(this, { opsEmail: props.opsEmail })
    // The id fixes the alarm's logical id: older than the class name, and kept.
    this.alarms = new CloudFrontAlarms(this, 'EdgeAlarms', {
      topic: this.opsTopic,
      distributionId: distributionId.valueAsString,
    })
    new CfnOutput(this, 'OpsTopicArn', {
      description: 'Subscribe ops here for the website’s CloudFront alarms (us-east-1)',
      value: this.opsTopic.topicArn,
    })
  }
}
