import { ApiGatewayV2Client, GetApiCommand } from '@aws-sdk/client-apigatewayv2'
import type { Stack } from '@aws-sdk/client-cloudformation'
import { stageResourceNames, stageStackPlaces } from '#infra/stack-names.ts'
import type { DeployConfig } from '#infra/stage-settings.ts'
import { contactApi } from '#shared/contact.ts'
import { AwsAccount, outputsOf } from './aws-account.ts'
import {
  type Check,
  type CheckResult,
  fail,
  pass,
  runChecksSideBySide,
  TimeBudget,
} from './checks.ts'
import { alarmChecks, stageAlarmReader } from './verify-alarms.ts'
import {
  apiWithoutSecretCheck,
  contactThroughSiteCheck,
  type Fetch,
  siteCheck,
} from './verify-http.ts'
import { dlqCheck, scheduleChecks, sesChecks } from './verify-pipeline.ts'
import { type EnquiryReader, syntheticEnquiryCheck } from './verify-synthetic.ts'
import { tableChecks } from './verify-table.ts'

/**
 * `npm run verify -- STAGE`: after a deploy, each thing only a real account can prove, checked in
 * the live stage. Reads only (the HTTP checks are GETs), except the last check: one synthetic
 * enquiry, the canary's, through the live pipeline. The stacks' outputs say where to look.
 *
 * Each check has a time limit of its own (`checkLimitMs`, --timeout): the stacks first (the
 * others read their outputs), then every read check side by side, then the synthetic enquiry, so
 * a call that hangs fails its own row and takes no time from the enquiry's wait for SES.
 */

export interface VerifyDeps {
  /** @default globalThis.fetch */
  readonly fetch?: Fetch
  /** How the synthetic enquiry is read back. @default the canary's reader, with the account's credentials */
  readonly readEnquiry?: EnquiryReader
  /** How often the synthetic enquiry's delivery is looked for. @default 1 s */
  readonly deliveryPollMs?: number
}

const isHealthy = (stack: Stack | undefined) =>
  /_COMPLETE$/.test(stack?.StackStatus ?? '') && !/ROLLBACK|DELETE/.test(stack?.StackStatus ?? '')

export async function verify(
  config: DeployConfig,
  checkLimitMs: number,
  deps: VerifyDeps = {},
): Promise<CheckResult[]> {
  // No limit on the whole run: each check has its own.
  const budget = new TimeBudget(Number.POSITIVE_INFINITY)
  const aws = new AwsAccount(budget)
  const names = stageResourceNames(config.stackName)
  const region = config.env.region
  const all = stageStackPlaces(config)
  const run = (checks: Check[]) => runChecksSideBySide(checks, budget, checkLimitMs)
  try {
    const stacks: Record<string, Stack | undefined> = {}
    const found = await run([
      {
        name: 'stacks deployed',
        run: async () => {
          await Promise.all(
            all.map(async ({ stackName, region }) => {
              stacks[stackName] = await aws.stack(region, stackName)
            }),
          )
          const bad = all.filter(({ stackName }) => !isHealthy(stacks[stackName]))
          if (bad.length > 0) {
            return fail(
              'stacks deployed',
              `${bad
                .map(
                  ({ stackName, region }) =>
                    `${stackName} (${region}) ${stacks[stackName]?.StackStatus ?? 'not found'}`,
                )
                .join('; ')}: run npm run deploy -- ${config.stage}`,
            )
          }
          return pass('stacks deployed', all.map(({ stackName }) => stackName).join(', '))
        },
      },
    ])
    if (!stacks[names.site]) return found
    const outputs = outputsOf(stacks[names.site])
    const dataOutputs = outputsOf(stacks[names.data])
    const fetcher = deps.fetch ?? ((url, init) => fetch(url, init))
    const output = (key: string, from: Record<string, string> = outputs) => {
      const value = from[key]
      if (!value) throw new Error(`the stack has no ${key} output: deploy this release first`)
      return value
    }
    const tableName = () => output('EnquiriesTableName', dataOutputs)
    const reads: Check[] = [
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
      ...tableChecks({ aws, region, stage: config.stage, tableName, outputs }),
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
      ...alarmChecks({
        aws,
        region,
        names,
        alarms: stageAlarmReader(aws, all),
        output,
        outputs,
      }),
    ]
    // Last: the only write, and the longest wait (SES's report of the delivery).
    const synthetic = syntheticEnquiryCheck({
      aws,
      region,
      fetcher,
      output,
      tableName,
      readerFor: deps.readEnquiry,
      pollEveryMs: deps.deliveryPollMs,
    })
    return [...found, ...(await run(reads)), ...(await run([synthetic]))]
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
