import {
  Alarm,
  type AlarmProps,
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
  return alarmToTopic(scope, id, props.topic, {
    metric: props.metric,
    alarmDescription: props.description,
    threshold: 1,
    comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    evaluationPeriods: 1,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  })
}

/** An alarm that tells `topic` when it fires and when it clears. */
export function alarmToTopic(
  scope: Construct,
  id: string,
  topic: ITopic,
  props: AlarmProps,
): Alarm {
  const alarm = new Alarm(scope, id, props)
  const action = new SnsAction(topic)
  alarm.addAlarmAction(action)
  alarm.addOkAction(action)
  return alarm
}

/**
 * A function that adds a first-occurrence alarm on `metric` to `alarms`, telling `topic`: how a
 * construct with a list of such alarms adds each one.
 */
export function firstOccurrenceAlarmsOf(scope: Construct, topic: ITopic, alarms: Alarm[]) {
  return (id: string, metric: IMetric, description: string) => {
    alarms.push(firstOccurrenceAlarm(scope, id, { metric, description, topic }))
  }
}
