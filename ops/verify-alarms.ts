import { CloudWatchClient, DescribeAlarmsCommand } from '@aws-sdk/client-cloudwatch'
import { ListSubscriptionsByTopicCommand, SNSClient, type Subscription } from '@aws-sdk/client-sns'
import { GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm'
import type { StackPlace } from '#infra/stack-names.ts'
import { CLOUDFRONT_REGION, type stageResourceNames } from '#infra/stack-names.ts'
import type { AwsAccount } from './aws-account.ts'
import { type Check, fail, pass } from './checks.ts'

/**
 * The checks of `npm run verify` on who hears of trouble: every alarm of every stack of the
 * stage, read as deployed (so an alarm added later is covered with no change here), tells a
 * topic someone confirmed; none is firing; the CloudFront alarms watch the live distribution;
 * the canary's last runs passed.
 */

/** An alarm as DescribeAlarms tells it (metric or composite), with its region. */
export interface StageAlarm {
  readonly region: string
  readonly name: string
  readonly state?: string | undefined
  readonly reason?: string | undefined
  /** What it notifies when it fires. */
  readonly actions: readonly string[]
  readonly dimensions: readonly { Name?: string | undefined; Value?: string | undefined }[]
  /** The stack that holds it. */
  readonly stack: string
}

const alarmTypes = ['AWS::CloudWatch::Alarm', 'AWS::CloudWatch::CompositeAlarm']

/** Every alarm of the given stacks, read once for the rows that need them. */
export function stageAlarmReader(
  aws: AwsAccount,
  stacks: readonly StackPlace[],
): () => Promise<StageAlarm[]> {
  let read: Promise<StageAlarm[]> | undefined
  return () => {
    read ??= (async () => {
      const alarms: StageAlarm[] = []
      for (const { stackName: stack, region } of stacks) {
        const names = await aws.stackResourceIds(region, stack, alarmTypes)
        const cloudWatch = aws.client(CloudWatchClient, region)
        for (let start = 0; start < names.length; start += 100) {
          const answer = await aws.budget.ask((abortSignal) =>
            cloudWatch.send(
              new DescribeAlarmsCommand({
                AlarmNames: names.slice(start, start + 100),
                AlarmTypes: ['MetricAlarm', 'CompositeAlarm'],
              }),
              { abortSignal },
            ),
          )
          for (const alarm of [...(answer.MetricAlarms ?? []), ...(answer.CompositeAlarms ?? [])]) {
            alarms.push({
              region,
              stack,
              name: alarm.AlarmName ?? '',
              state: alarm.StateValue,
              reason: alarm.StateReason,
              actions: alarm.AlarmActions ?? [],
              dimensions: 'Dimensions' in alarm ? (alarm.Dimensions ?? []) : [],
            })
          }
        }
      }
      return alarms
    })()
    return read
  }
}

export interface AlarmCheckInputs {
  readonly aws: AwsAccount
  readonly region: string
  readonly names: ReturnType<typeof stageResourceNames>
  readonly alarms: () => Promise<StageAlarm[]>
  /** The site stack's outputs, by key; throws naming a missing one. */
  readonly output: (key: string) => string
  readonly outputs: Record<string, string>
}

export function alarmChecks(inputs: AlarmCheckInputs): Check[] {
  return [
    subscriptionsCheck(inputs),
    firingCheck(inputs),
    distributionParameterCheck(inputs),
    cloudFrontAlarmsCheck(inputs),
    canaryCheck(inputs),
  ]
}

const topicName = (arn: string) => `${arn.split(':').pop()} (${arn.split(':')[3]})`

/**
 * Each topic an alarm tells has a confirmed subscription, and none waits for confirmation: an SNS
 * e-mail subscription delivers nothing until its address confirms it.
 */
function subscriptionsCheck({ aws, alarms }: AlarmCheckInputs): Check {
  const name = 'alarm subscriptions'
  return {
    name,
    run: async () => {
      const all = await alarms()
      if (all.length === 0) return fail(name, 'no alarm found in the stage: deploy it')
      const silent = all.filter(
        (alarm) => !alarm.actions.some((arn) => arn.startsWith('arn:aws:sns:')),
      )
      const topics = [...new Set(all.flatMap((alarm) => alarm.actions))].filter((arn) =>
        arn.startsWith('arn:aws:sns:'),
      )
      const problems: string[] = []
      const confirmed: string[] = []
      for (const topic of topics) {
        const subscriptions = await subscriptionsOf(aws, topic)
        const pending = subscriptions.filter((s) => s.SubscriptionArn === 'PendingConfirmation')
        const live = subscriptions.filter((s) => s.SubscriptionArn?.startsWith('arn:'))
        for (const subscription of pending) {
          problems.push(
            `${subscription.Endpoint} has not confirmed ${topicName(topic)}: nothing reaches it until then; open AWS's "Subscription Confirmation" e-mail at ${subscription.Endpoint} and press "Confirm subscription" (after 3 days it lapses: aws sns subscribe --topic-arn ${topic} --protocol ${subscription.Protocol} --notification-endpoint ${subscription.Endpoint} --region ${topic.split(':')[3]} sends another)`,
          )
        }
        if (live.length === 0 && pending.length === 0) {
          problems.push(
            `nobody is subscribed to ${topicName(topic)}: set opsEmail in infra/stages.ts and deploy, or subscribe (aws sns subscribe --topic-arn ${topic} --protocol email --notification-endpoint ADDRESS)`,
          )
        }
        confirmed.push(...live.map((s) => `${s.Endpoint?.split(':').pop()} on ${topicName(topic)}`))
      }
      if (silent.length > 0) {
        problems.push(
          `${silent.map((alarm) => alarm.name).join(', ')} tell${silent.length === 1 ? 's' : ''} no topic: nobody would hear of ${silent.length === 1 ? 'it' : 'them'}`,
        )
      }
      if (problems.length > 0) return fail(name, problems.join('; '))
      return pass(
        name,
        `${all.length} alarms tell ${topics.length} topic(s), each confirmed: ${[...new Set(confirmed)].join(', ')}`,
      )
    },
  }
}

async function subscriptionsOf(aws: AwsAccount, topic: string): Promise<Subscription[]> {
  const sns = aws.client(SNSClient, topic.split(':')[3] as string)
  const found: Subscription[] = []
  let next: string | undefined
  do {
    const page = await aws.budget.ask((abortSignal) =>
      sns.send(new ListSubscriptionsByTopicCommand({ TopicArn: topic, NextToken: next }), {
        abortSignal,
      }),
    )
    found.push(...(page.Subscriptions ?? []))
    next = page.NextToken
  } while (next)
  return found
}

/** No alarm of the stage fires (the canary's has its own row). */
function firingCheck({ alarms, outputs }: AlarmCheckInputs): Check {
  const name = 'alarms not firing'
  return {
    name,
    run: async () => {
      const all = (await alarms()).filter((alarm) => alarm.name !== outputs.CanaryAlarmName)
      const firing = all.filter((alarm) => alarm.state === 'ALARM')
      if (firing.length > 0) {
        return fail(
          name,
          `${firing.map((alarm) => `${alarm.name} (${alarm.stack}) in ALARM: ${alarm.reason ?? ''}`).join('; ')}. Each alarm's description in the CloudWatch console says what it means (docs/operations.md)`,
        )
      }
      return pass(name, `${all.length} alarms, none in ALARM`)
    },
  }
}

function distributionParameterCheck({ aws, names, output }: AlarmCheckInputs): Check {
  const name = 'distribution id parameter'
  return {
    name,
    run: async () => {
      const ssm = aws.client(SSMClient, CLOUDFRONT_REGION)
      const { Parameter } = await aws.budget.ask((abortSignal) =>
        ssm.send(new GetParameterCommand({ Name: names.distributionIdParameter }), {
          abortSignal,
        }),
      )
      const live = output('DistributionId')
      return Parameter?.Value === live
        ? pass(name, `${names.distributionIdParameter} = ${live}`)
        : fail(
            name,
            `${names.distributionIdParameter} holds ${Parameter?.Value}, the live distribution is ${live}: deploy the site stack again (it writes the id)`,
          )
    },
  }
}

function cloudFrontAlarmsCheck({ alarms, names, output }: AlarmCheckInputs): Check {
  const name = 'CloudFront alarms'
  return {
    name,
    run: async () => {
      const live = output('DistributionId')
      const edge = (await alarms()).filter((alarm) => alarm.stack === names.cloudFrontAlarms)
      if (edge.length === 0) return fail(name, `no alarms in ${names.cloudFrontAlarms}: deploy it`)
      const stale = edge.filter(
        (alarm) => !alarm.dimensions.some((d) => d.Name === 'DistributionId' && d.Value === live),
      )
      return stale.length === 0
        ? pass(name, `${edge.length} alarm(s) watch ${live}`)
        : fail(
            name,
            `${stale.map((alarm) => alarm.name).join(', ')} watch another distribution than ${live}: npm run deploy -- STAGE (the alarms stack reads the parameter afresh)`,
          )
    },
  }
}

/** The canary's alarm (a metric alarm of the site stack), as the stage's alarms were read. */
function canaryCheck({ alarms, region, outputs }: AlarmCheckInputs): Check {
  const name = 'canary last run'
  return {
    name,
    run: async () => {
      const alarmName = outputs.CanaryAlarmName
      if (!alarmName) {
        return fail(name, 'the site stack has no CanaryAlarmName output: deploy the canary')
      }
      const alarm = (await alarms()).find(
        (candidate) => candidate.region === region && candidate.name === alarmName,
      )
      if (!alarm) return fail(name, `no alarm ${alarmName}: deploy the site stack again`)
      if (alarm.state === 'OK') return pass(name, `${alarmName} OK (the canary's runs pass)`)
      return fail(
        name,
        alarm.state === 'ALARM'
          ? `${alarmName} in ALARM: ${alarm.reason ?? ''} (a synthetic enquiry failed or was late: docs/operations.md)`
          : `${alarmName} has no data yet: wait for the canary's first run, then verify again`,
      )
    },
  }
}
