import { RemovalPolicy, Stack } from 'aws-cdk-lib'
import type { RetentionDays } from 'aws-cdk-lib/aws-logs'
import {
  AwsCustomResource,
  AwsCustomResourcePolicy,
  PhysicalResourceId,
} from 'aws-cdk-lib/custom-resources'
import { Construct } from 'constructs'
import { roleWithOwnLogs } from './node-function.ts'

export interface ParameterInRegionProps {
  /** The SSM parameter's name, e.g. `/ElevateDigital/distribution-id`. */
  readonly parameterName: string
  /** Its value: written again whenever it changes. */
  readonly value: string
  /** The region to write it in (a stack creates resources in its own region only). */
  readonly region: string
  /** How long the writer's logs are kept. */
  readonly logRetention: RetentionDays
}

/**
 * An SSM String parameter in another region, written (and on removal deleted) by a custom
 * resource whose properties hold the value: a new value, such as the id of a replaced
 * distribution, is a property change, so the parameter follows it in the same deploy.
 */
export class ParameterInRegion extends Construct {
  constructor(scope: Construct, id: string, props: ParameterInRegionProps) {
    super(scope, id)
    const name = props.parameterName
    const call = { service: 'SSM', region: props.region }
    // Its own role and log group, as every function here has: it may write that log group and
    // that parameter, nothing else.
    const { logGroup, role } = roleWithOwnLogs(this, '', {
      description: 'Writes an SSM parameter of the agency website in another region',
      retention: props.logRetention,
      removalPolicy: RemovalPolicy.DESTROY,
    })
    new AwsCustomResource(this, 'Writer', {
      onUpdate: {
        ...call,
        action: 'putParameter',
        parameters: { Name: name, Value: props.value, Type: 'String', Overwrite: true },
        physicalResourceId: PhysicalResourceId.of(name),
      },
      onDelete: { ...call, action: 'deleteParameter', parameters: { Name: name } },
      policy: AwsCustomResourcePolicy.fromSdkCalls({
        resources: [
          Stack.of(this).formatArn({
            service: 'ssm',
            region: props.region,
            resource: 'parameter',
            resourceName: name.replace(/^\//, ''),
          }),
        ],
      }),
      role,
      logGroup,
      installLatestAwsSdk: false,
    })
  }
}
