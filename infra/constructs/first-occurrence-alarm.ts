import {
  Alarm,
  ComparisonOperator,
  type IMetric,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch'
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions'
import type { ITopic } from 'aws-cdk-lib/aws-sns'
import type { Construct } from 'constructs'

/**
 * An alarm at the first occurrence (a count of one in one period) that tells `topic` when it
 * fires and when it clears; no data is no alarm. Created in `scope` under `id`, so the logical
 * ids stay those of the construct that asks for it. A small agency gets few enquiries, and each
 * failure of one matters.
 */
export function firstOccurrenceAlarm(
  scope: Construct,
  id: string,
  props: { readonly metric: IMetric; readonly description: string; readonly topic: ITopic },
): Alarm {
  const alarm = new Alarm(scope, id, {
    metric: props.metric,
    alarmDescription: props.description,
    threshold: 1,
    comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    evaluationPeriods: 1,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  })
  const action = new SnsAction(props.topic)
  alarm.addAlarmAction(action)
  alarm.addOkAction(action)
  return alarm
}
