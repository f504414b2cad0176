import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Match } from 'aws-cdk-lib/assertions'
import { describe, expect, it } from 'vitest'
import { contactApi } from '#shared/contact.ts'
import { enquiryActionsApi } from '#shared/enquiry-actions.ts'
import { enquiryTable } from '#shared/enquiry-table.ts'
import { lambdaBundleFile } from '../lambda-bundling.ts'
import { retention } from '../retention.ts'
import * as templates from '../testing/site-templates.ts'

describe('a stage with no domain, no analytics, functions bundled', () => {
  const stage = templates.bundledStage()

  describe('contact API', () => {
    it('routes both contact paths to the contact function and the digest links to theirs, throttled, logged, without CORS', () => {
      const [apiId, api] = templates.only(stage.template, 'AWS::ApiGatewayV2::Api')
      expect(api.Properties.ProtocolType).toBe('HTTP')
      expect(api.Properties.CorsConfiguration).toBeUndefined()
      const routes = Object.values(
        stage.template.findResources('AWS::ApiGatewayV2::Route'),
      ) as templates.Resource[]
      // ANY, so the handler itself answers other methods with 405 and `Allow: POST`; under the
      // secret segment CloudFront adds (infra/deployment-api-origin.test.ts).
      const keys = routes.map((route) => route.Properties.RouteKey['Fn::Join'][1])
      expect(keys.map((parts: templates.Cfn[]) => [parts[0], parts.at(-1)]).sort()).toEqual(
        [
          ['ANY /{{resolve:secretsmanager:', `:SecretString:::}}${contactApi.path}`],
          ['ANY /{{resolve:secretsmanager:', `:SecretString:::}}${contactApi.formPath}`],
          ['ANY /{{resolve:secretsmanager:', `:SecretString:::}}${enquiryActionsApi.path}`],
        ].sort(),
      )
      const integrationOf = (path: string) => {
        const route = routes.find((candidate) =>
          String(candidate.Properties.RouteKey['Fn::Join'][1].at(-1)).endsWith(path),
        ) as templates.Resource
        const integrationId = route.Properties.Target['Fn::Join'][1][1].Ref
        const integrations = stage.template.findResources('AWS::ApiGatewayV2::Integration')
        return (integrations[integrationId] as templates.Resource).Properties
      }
      for (const [path, fn] of [
        [contactApi.path, 'ContactApiContact'],
        [contactApi.formPath, 'ContactApiContact'],
        [enquiryActionsApi.path, 'ContactApiEnquiryActions'],
      ] as const) {
        expect(integrationOf(path), path).toMatchObject({
          IntegrationType: 'AWS_PROXY',
          IntegrationUri: templates.getAtt(
            templates.logicalIdOf(stage.template, 'AWS::Lambda::Function', fn),
            'Arn',
          ),
          PayloadFormatVersion: '2.0',
        })
      }
      const accessLogsId = templates.logicalIdOf(
        stage.template,
        'AWS::Logs::LogGroup',
        'ContactApiAccessLogs',
      )
      stage.template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
        ApiId: { Ref: apiId },
        StageName: '$default',
        AutoDeploy: true,
        DefaultRouteSettings: { ThrottlingRateLimit: 5, ThrottlingBurstLimit: 10 },
        AccessLogSettings: {
          DestinationArn: templates.getAtt(accessLogsId, 'Arn'),
          Format: Match.anyValue(),
        },
      })
    })

    it('runs the three functions on Node 24, arm64, bundled as CommonJS without source maps, each with its log group', () => {
      const functions = stage.template.findResources('AWS::Lambda::Function', {
        Properties: { Handler: 'index.handler' },
      }) as Record<string, templates.Resource>
      const ids = Object.keys(functions).filter((id) => id.startsWith('ContactApi'))
      expect(ids).toHaveLength(3)
      const assetKeys = new Set<string>()
      for (const id of ids) {
        const properties = functions[id]?.Properties as templates.Cfn
        expect(properties.Runtime, id).toBe('nodejs24.x')
        expect(properties.Architectures, id).toEqual(['arm64'])
        expect(properties.MemorySize, id).toBe(id.startsWith('ContactApiContact') ? 1769 : 256)
        const logGroup = stage.template.findResources('AWS::Logs::LogGroup')[
          properties.LoggingConfig.LogGroup.Ref
        ] as templates.Resource
        expect(logGroup.Properties.RetentionInDays, id).toBe(30)
        expect(logGroup.DeletionPolicy, id).toBe('Retain')
        const env = properties.Environment.Variables
        const links = id.startsWith('ContactApiEnquiryActionsFunction')
        const contact = id.startsWith('ContactApiContactFunction')
        // The retry sends the enquiry e-mail: it signs its "I have answered this" link.
        const retry = id.startsWith('ContactApiNotificationRetryFunction')
        expect(Object.keys(env).sort(), id).toEqual(
          [
            'AGENCY_EMAIL',
            'ENQUIRIES_TABLE',
            'SENDER_EMAIL',
            'STAGE',
            // Neither the contact function nor the digest links' function sends e-mail.
            ...(contact || links ? ['ORIGIN_SECRET'] : ['SES_CONFIGURATION_SET']),
            ...(links ? [enquiryActionsApi.keyEnv, 'AGENCY_TIME_ZONE'] : []),
            ...(retry ? [enquiryActionsApi.keyEnv, 'AGENCY_TIME_ZONE', 'SITE_URL'] : []),
            ...(contact ? ['SYNTHETIC_KEY'] : []),
          ].sort(),
        )
        expect(env.STAGE).toBe('prod')
        if (links || retry) {
          // Only a reference to the generated secret, never its value.
          expect(JSON.stringify(env[enquiryActionsApi.keyEnv])).toMatch(
            /^\{"Fn::Join":\["",\["\{\{resolve:secretsmanager:",\{"Ref":"ContactApiActionLinkKey\w+"\},":SecretString:::\}\}"\]\]\}$/,
          )
        } else if (!contact) {
          expect(env.SES_CONFIGURATION_SET).toEqual({
            Ref: templates.logicalIdOf(
              stage.template,
              'AWS::SES::ConfigurationSet',
              'DeliveryEvents',
            ),
          })
        }
        expect(env.ENQUIRIES_TABLE).toEqual(stage.fromData('EnquiriesTable'))
        expect(env.SENDER_EMAIL).toBe('hello@elevate-digital.example')
        expect(env.AGENCY_EMAIL).toBe('hello@elevate-digital.example')
        expect(env.NODE_OPTIONS, id).toBeUndefined() // no --enable-source-maps: a slower start
        assetKeys.add(properties.Code.S3Key)
      }
      expect(assetKeys.size).toBe(3)
      for (const key of assetKeys) {
        const directory = join(stage.synth.outdir, `asset.${key.replace(/\.zip$/, '')}`)
        const code = readFileSync(join(directory, lambdaBundleFile), 'utf8')
        expect(code).toMatch(/require\("node:http"\)/)
        expect(code).not.toMatch(/\bimport\(|export\s*\{|AWS_CONTAINER_CRED|AWS_WEB_IDENTITY_TOKEN/)
        expect(code).toMatch(/AWS_SECRET_ACCESS_KEY/)
        expect(existsSync(join(directory, `${lambdaBundleFile}.map`))).toBe(false)
      }
    })

    it('runs the retry function every minute, each run over before the next', () => {
      const retryId = templates.logicalIdOf(
        stage.template,
        'AWS::Lambda::Function',
        'ContactApiNotificationRetry',
      )
      stage.template.hasResourceProperties('AWS::Events::Rule', {
        ScheduleExpression: 'rate(1 minute)',
        State: 'ENABLED',
        Targets: [
          Match.objectLike({
            Arn: templates.getAtt(retryId, 'Arn'),
            RetryPolicy: { MaximumRetryAttempts: 0 },
          }),
        ],
      })
      stage.template.hasResourceProperties('AWS::Lambda::Function', {
        Handler: 'index.handler',
        // Its sends are over by 50 s, its backlog read by 54 s: before the next run.
        Timeout: 57,
        Description: Match.stringLikeRegexp('Re-sends'),
      })
      stage.template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
        FunctionName: { Ref: retryId },
        MaximumRetryAttempts: 0,
        MaximumEventAgeInSeconds: 60,
      })
    })
  })

  describe('enquiries table', () => {
    it('is on demand, expires items on expiresAt, has PITR, encryption and both indexes', () => {
      stage.template.resourceCountIs('AWS::DynamoDB::GlobalTable', 0)
      const [, table] = templates.only(stage.data, 'AWS::DynamoDB::GlobalTable')
      expect(table.DeletionPolicy).toBe('RetainExceptOnCreate')
      expect(table.UpdateReplacePolicy).toBe('Retain')
      const properties = table.Properties
      expect(properties.BillingMode).toBe('PAY_PER_REQUEST')
      expect(properties.KeySchema).toEqual([
        { AttributeName: enquiryTable.partitionKey, KeyType: 'HASH' },
      ])
      expect(properties.TimeToLiveSpecification).toEqual({
        AttributeName: enquiryTable.ttlAttribute,
        Enabled: true,
      })
      expect(enquiryTable.ttlAttribute).toBe('expiresAt')
      expect(properties.SSESpecification).toEqual({ SSEEnabled: true, SSEType: 'KMS' })
      expect(properties.Replicas).toEqual([
        expect.objectContaining({
          Region: 'eu-west-2',
          DeletionProtectionEnabled: true,
          PointInTimeRecoverySpecification: {
            PointInTimeRecoveryEnabled: true,
            RecoveryPeriodInDays: retention.pointInTimeRecoveryDays,
          },
        }),
      ])
      const indexes = Object.fromEntries(
        properties.GlobalSecondaryIndexes.map((index: templates.Cfn) => [
          index.IndexName,
          { keys: index.KeySchema, projection: index.Projection.ProjectionType },
        ]),
      )
      const { pendingEmailIndex, emailIndex, refIndex, attentionIndex, messageIndex, dayIndex } =
        enquiryTable
      const hashAndRange = (index: { partitionKey: string; sortKey: string }) => [
        { AttributeName: index.partitionKey, KeyType: 'HASH' },
        { AttributeName: index.sortKey, KeyType: 'RANGE' },
      ]
      // Only the data-subject index copies whole items: the others hold keys, no personal stage.data.
      expect(indexes).toEqual({
        [pendingEmailIndex.name]: {
          keys: hashAndRange(pendingEmailIndex),
          projection: 'KEYS_ONLY',
        },
        [emailIndex.name]: {
          keys: hashAndRange(emailIndex),
          projection: 'ALL',
        },
        [refIndex.name]: {
          keys: [{ AttributeName: refIndex.partitionKey, KeyType: 'HASH' }],
          projection: 'KEYS_ONLY',
        },
        [attentionIndex.name]: {
          keys: hashAndRange(attentionIndex),
          projection: 'KEYS_ONLY',
        },
        [messageIndex.name]: {
          keys: hashAndRange(messageIndex),
          projection: 'KEYS_ONLY',
        },
        [dayIndex.name]: {
          keys: hashAndRange(dayIndex),
          projection: 'KEYS_ONLY',
        },
      })
      // Index keys are strings, as the functions write them (ISO timestamps, ids, addresses).
      for (const definition of properties.AttributeDefinitions) {
        expect(definition.AttributeType).toBe('S')
      }
    })
  })

  describe('permissions', () => {
    // SES authorises a send against the configuration set it names as well as the sender.
    const sendAsSender = () => ({
      Effect: 'Allow',
      Action: ['ses:SendEmail'],
      Resource: [
        {
          'Fn::Join': [
            '',
            [
              'arn:aws:ses:eu-west-2:',
              { Ref: 'AWS::AccountId' },
              ':configuration-set/',
              {
                Ref: templates.logicalIdOf(
                  stage.template,
                  'AWS::SES::ConfigurationSet',
                  'DeliveryEvents',
                ),
              },
            ],
          ],
        },
        {
          'Fn::Join': [
            '',
            [
              'arn:aws:ses:eu-west-2:',
              { Ref: 'AWS::AccountId' },
              ':identity/hello@elevate-digital.example',
            ],
          ],
        },
      ],
      // Only from the sender, only to the inbox or SES's mailbox simulator (ses-send-grant.test.ts).
      Condition: {
        StringEqualsIgnoreCase: { 'ses:FromAddress': 'hello@elevate-digital.example' },
        'ForAllValues:StringEqualsIgnoreCase': {
          'ses:Recipients': ['hello@elevate-digital.example', 'success@simulator.amazonses.com'],
        },
        Null: { 'ses:Recipients': 'false' },
      },
    })

    it('lets the contact function put and get items and log, and send no e-mail', () => {
      const statements = stage.roleStatements('ContactApiContactRole')
      expect(statements).toEqual(
        expect.arrayContaining([
          stage.writeLogs('ContactApiContactLogs'),
          stage.onTable(['dynamodb:GetItem', 'dynamodb:PutItem']),
        ]),
      )
      expect(statements).toHaveLength(2)
      // It parses untrusted input from the internet: no SES action, not even through a wildcard.
      const actions = statements.flatMap((statement: templates.Cfn) => [statement.Action].flat())
      expect(actions.filter((action: string) => /^ses:|^\*$/.test(action))).toEqual([])
    })

    it('lets the retry function query the pending index only, get and update items, send, log', () => {
      const statements = stage.roleStatements('ContactApiNotificationRetryRole')
      expect(statements).toEqual(
        expect.arrayContaining([
          stage.writeLogs('ContactApiNotificationRetryLogs'),
          stage.onTable(['dynamodb:GetItem', 'dynamodb:UpdateItem']),
          stage.onTable(['dynamodb:Query'], enquiryTable.pendingEmailIndex.name),
          sendAsSender(),
        ]),
      )
      expect(statements).toHaveLength(4)
    })

    it('lets the digest links’ function get and update items only, and log: no index, no SES, no secret read', () => {
      expect(stage.roleStatements('ContactApiEnquiryActionsRole')).toEqual([
        stage.writeLogs('ContactApiEnquiryActionsLogs'),
        stage.onTable(['dynamodb:GetItem', 'dynamodb:UpdateItem']),
      ])
    })

    it('gives the function roles no managed or inline policies beyond those', () => {
      const roles = stage.template.findResources('AWS::IAM::Role') as Record<
        string,
        templates.Resource
      >
      for (const prefix of [
        'ContactApiContactRole',
        'ContactApiNotificationRetryRole',
        'ContactApiEnquiryActionsRole',
        'EnquirySenderSenderRole',
      ]) {
        const role = roles[
          templates.logicalIdOf(stage.template, 'AWS::IAM::Role', prefix)
        ] as templates.Resource
        expect(role.Properties.ManagedPolicyArns, prefix).toBeUndefined()
        expect(role.Properties.Policies, prefix).toBeUndefined()
        expect(role.Properties.AssumeRolePolicyDocument.Statement).toEqual([
          expect.objectContaining({ Principal: { Service: 'lambda.amazonaws.com' } }),
        ])
      }
    })

    it('grants nothing in the stack on the table or SES beyond those actions', () => {
      const policies = Object.values(
        stage.template.findResources('AWS::IAM::Policy'),
      ) as templates.Resource[]
      const actions = policies.flatMap((policy) =>
        policy.Properties.PolicyDocument.Statement.flatMap((statement: templates.Cfn) =>
          [statement.Action].flat(),
        ),
      )
      expect(actions).not.toContain('*')
      const dynamo = new Set(actions.filter((action: string) => action.startsWith('dynamodb:')))
      expect([...dynamo].sort()).toEqual([
        'dynamodb:BatchGetItem', // the digest's read of the enquiries it lists
        'dynamodb:DescribeStream', // with GetRecords, GetShardIterator, ListStreams: the sender's stream
        'dynamodb:GetItem',
        'dynamodb:GetRecords',
        'dynamodb:GetShardIterator',
        'dynamodb:ListStreams',
        'dynamodb:PutItem',
        'dynamodb:Query',
        'dynamodb:UpdateItem',
      ])
      const ses = new Set(actions.filter((action: string) => action.startsWith('ses:')))
      expect([...ses]).toEqual(['ses:SendEmail'])
    })
  })
})
