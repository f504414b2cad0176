import { ApiGatewayV2Client, GetApiCommand } from '@aws-sdk/client-apigatewayv2'
import type { Stack } from '@aws-sdk/client-cloudformation'
import { CloudWatchClient, DescribeAlarmsCommand } from '@aws-sdk/client-cloudwatch'
import {
  DescribeContinuousBackupsCommand,
  DescribeTimeToLiveCommand,
  DynamoDBClient,
} from '@aws-sdk/client-dynamodb'
import { GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm'
import { CLOUDFRONT_REGION, stageResourceNames } from '#infra/stack-names.ts'
import type { DeployConfig } from '#infra/stage-settings.ts'
import { contactApi } from '#shared/contact.ts'
import { enquiryTable } from '#shared/enquiry-table.ts'
import { AwsAccount, outputsOf } from './aws-account.ts'
import { type Check, type CheckResult, fail, pass, runChecks, type TimeBudget } from './checks.ts'
import {
  apiWithoutSecretCheck,
  contactThroughSiteCheck,
  type Fetch,
  siteCheck,
} from './verify-http.ts'
import { dlqCheck, scheduleChecks, sesChecks } from './verify-pipeline.ts'
import { type EnquiryReader, syntheticEnquiryCheck } from './verify-synthetic.ts'

/**
 * `npm run verify -- STAGE`: after a deploy, each thing only a real account can prove, checked in
 * the live stage. Reads only (the HTTP checks are GETs), except the last check: one synthetic
 * enquiry, the canary's, through the live pipeline. The stacks' outputs say where to look.
 */

export interface VerifyDeps {
  /** @default globalThis.fetch */
  readonly fetch?: Fetch
  /** How the synthetic enquiry is read back. @default the canary's reader, with the account's credentials */
  readonly readEnquiry?: EnquiryReader
}

const isHealthy = (stack: Stack | undefined) =>
  /_COMPLETE$/.test(stack?.StackStatus ?? '') && !/ROLLBACK|DELETE/.test(stack?.StackStatus ?? '')

export async function verify(
  config: DeployConfig,
  budget: TimeBudget,
  deps: VerifyDeps = {},
): Promise<CheckResult[]> {
  const aws = new AwsAccount(budget)
  const names = stageResourceNames(config.stackName)
  const region = config.env.region
  try {
    const stacks: Record<string, Stack | undefined> = {}
    const found = await runChecks(
      [
        {
          name: 'stacks deployed',
          run: async () => {
            const where = [
              [names.site, region],
              [names.data, region],
              [names.cloudFrontAlarms, CLOUDFRONT_REGION],
            ] as const
            for (const [stackName, stackRegion] of where) {
              stacks[stackName] = await aws.stack(stackRegion, stackName)
            }
            const bad = where.filter(([stackName]) => !isHealthy(stacks[stackName]))
            if (bad.length > 0) {
              return fail(
                'stacks deployed',
                `${bad
                  .map(
                    ([stackName, stackRegion]) =>
                      `${stackName} (${stackRegion}) ${stacks[stackName]?.StackStatus ?? 'not found'}`,
                  )
                  .join('; ')}: run npm run deploy -- ${config.stage}`,
              )
            }
            return pass('stacks deployed', where.map(([stackName]) => stackName).join(', '))
          },
        },
      ],
      budget,
    )
    if (!stacks[names.site]) return found
    const outputs = outputsOf(stacks[names.site])
    const dataOutputs = outputsOf(stacks[names.data])
    const fetcher = deps.fetch ?? ((url, init) => fetch(url, init))
    const output = (key: string, from: Record<string, string> = outputs) => {
      const value = from[key]
      if (!value) throw new Error(`the stack has no ${key} output: deploy this release first`)
      return value
    }
    const checks: Check[] = [
      {
        name: 'site through CloudFront',
        run: () =>
          siteCheck(budget, fetcher, output('SiteUrl'), config.site.gaMeasurementId !== undefined),
      },
      {
        name: `${contactApi.path} through CloudFront`,
        run: () => contactThroughSiteCheck(budget, fetcher, output('SiteUrl')),
      },
      {
        name: 'API without the secret path',
        run: () =>
          apiWithoutSecretCheck(
            budget,
            fetcher,
            config.domain
              ? `https://${config.domain.api.domainName}`
              : output('ContactApiEndpoint'),
          ),
      },
      executeApiCheck(aws, config, () => output('ContactApiId')),
      ...tableChecks(aws, region, () => output('EnquiriesTableName', dataOutputs)),
      {
        name: 'data stack termination protection',
        run: async () =>
          stacks[names.data]?.EnableTerminationProtection
            ? pass('data stack termination protection', `${names.data} is protected`)
            : fail(
                'data stack termination protection',
                `${names.data} can be deleted: aws cloudformation update-termination-protection --enable-termination-protection --stack-name ${names.data}`,
              ),
      },
      dlqCheck(aws, region, output),
      ...scheduleChecks(aws, region, output, outputs),
      ...sesChecks(aws, config),
      ...distributionChecks(aws, region, names, output, () => outputs.CanaryAlarmName),
      // Last: the only write, and the longest wait (SES's report of the delivery).
      syntheticEnquiryCheck({
        aws,
        region,
        fetcher,
        output,
        tableName: () => output('EnquiriesTableName', dataOutputs),
        readerFor: deps.readEnquiry,
      }),
    ]
    return [...found, ...(await runChecks(checks, budget))]
  } finally {
    aws.close()
  }
}

function executeApiCheck(aws: AwsAccount, config: DeployConfig, apiId: () => string): Check {
  const name = 'execute-api name disabled'
  return {
    name,
    run: async () => {
      if (!config.domain) {
        return pass(
          name,
          'not expected: without a domain the execute-api name is CloudFront’s origin',
        )
      }
      const client = aws.client(ApiGatewayV2Client, config.env.region)
      const api = await aws.budget.ask((abortSignal) =>
        client.send(new GetApiCommand({ ApiId: apiId() }), { abortSignal }),
      )
      return api.DisableExecuteApiEndpoint
        ? pass(
            name,
            `${api.ApiEndpoint} is off; ${config.domain.api.domainName} is the API's only name`,
          )
        : fail(
            name,
            `${api.ApiEndpoint} still answers: deploy the site stack again (disableExecuteApiEndpoint)`,
          )
    },
  }
}

function tableChecks(aws: AwsAccount, region: string, tableName: () => string): Check[] {
  const dynamodb = aws.client(DynamoDBClient, region)
  return [
    {
      name: 'table TTL',
      run: async () => {
        const { TimeToLiveDescription: ttl } = await aws.budget.ask((abortSignal) =>
          dynamodb.send(new DescribeTimeToLiveCommand({ TableName: tableName() }), { abortSignal }),
        )
        return ttl?.TimeToLiveStatus === 'ENABLED' &&
          ttl.AttributeName === enquiryTable.ttlAttribute
          ? pass(
              'table TTL',
              `enabled on ${ttl.AttributeName}: enquiries are deleted after 3 years`,
            )
          : fail(
              'table TTL',
              `TTL is ${ttl?.TimeToLiveStatus ?? 'unknown'} on ${ttl?.AttributeName ?? 'no attribute'}, not ENABLED on ${enquiryTable.ttlAttribute}: enquiries would be kept for ever; deploy the data stack again`,
            )
      },
    },
    {
      name: 'table point-in-time recovery',
      run: async () => {
        const { ContinuousBackupsDescription: backups } = await aws.budget.ask((abortSignal) =>
          dynamodb.send(new DescribeContinuousBackupsCommand({ TableName: tableName() }), {
            abortSignal,
          }),
        )
        const status = backups?.PointInTimeRecoveryDescription?.PointInTimeRecoveryStatus
        return status === 'ENABLED'
          ? pass('table point-in-time recovery', 'enabled')
          : fail(
              'table point-in-time recovery',
              `${status ?? 'unknown'}: deploy the data stack again`,
            )
      },
    },
  ]
}

function distributionChecks(
  aws: AwsAccount,
  region: string,
  names: ReturnType<typeof stageResourceNames>,
  output: (key: string) => string,
  canaryAlarm: () => string | undefined,
): Check[] {
  const alarmsIn = (region: string, alarmNames: string[]) => {
    const cloudWatch = aws.client(CloudWatchClient, region)
    return aws.budget.ask(async (abortSignal) => {
      const { MetricAlarms = [] } = await cloudWatch.send(
        new DescribeAlarmsCommand({ AlarmNames: alarmNames }),
        { abortSignal },
      )
      return MetricAlarms
    })
  }
  return [
    {
      name: 'distribution id parameter',
      run: async () => {
        const name = 'distribution id parameter'
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
    },
    {
      name: 'CloudFront alarms',
      run: async () => {
        const name = 'CloudFront alarms'
        const live = output('DistributionId')
        const alarmNames = await aws.stackResourceIds(
          CLOUDFRONT_REGION,
          names.cloudFrontAlarms,
          'AWS::CloudWatch::Alarm',
        )
        const alarms = alarmNames.length > 0 ? await alarmsIn(CLOUDFRONT_REGION, alarmNames) : []
        if (alarms.length === 0)
          return fail(name, `no alarms in ${names.cloudFrontAlarms}: deploy it`)
        const stale = alarms.filter(
          (alarm) =>
            !alarm.Dimensions?.some((d) => d.Name === 'DistributionId' && d.Value === live),
        )
        return stale.length === 0
          ? pass(name, `${alarms.length} alarm(s) watch ${live}`)
          : fail(
              name,
              `${stale.map((alarm) => alarm.AlarmName).join(', ')} watch another distribution than ${live}: npm run deploy -- STAGE (the alarms stack reads the parameter afresh)`,
            )
      },
    },
    {
      name: 'canary last run',
      run: async () => {
        const name = 'canary last run'
        const alarmName = canaryAlarm()
        if (!alarmName)
          return fail(name, 'the site stack has no CanaryAlarmName output: deploy the canary')
        const [alarm] = await alarmsIn(region, [alarmName])
        if (!alarm) return fail(name, `no alarm ${alarmName}: deploy the site stack again`)
        if (alarm.StateValue === 'OK') return pass(name, `${alarmName} OK (the canary's runs pass)`)
        return fail(
          name,
          alarm.StateValue === 'ALARM'
            ? `${alarmName} in ALARM: ${alarm.StateReason ?? ''} (a synthetic enquiry failed or was late: docs/operations.md)`
            : `${alarmName} has no data yet: wait for the canary's first run, then verify again`,
        )
      },
    },
  ]
}
