import { CfnOutput, Duration, Stack, Token } from 'aws-cdk-lib'
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb'
import { Grant } from 'aws-cdk-lib/aws-iam'
import type { IFunction } from 'aws-cdk-lib/aws-lambda'
import { RetentionDays } from 'aws-cdk-lib/aws-logs'
import { type IHostedZone, MxRecord } from 'aws-cdk-lib/aws-route53'
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager'
import { ReceiptRuleSet, TlsPolicy } from 'aws-cdk-lib/aws-ses'
import { Lambda, LambdaInvocationType } from 'aws-cdk-lib/aws-ses-actions'
import { Construct } from 'constructs'
import { enquiryActionsApi } from '#shared/enquiry-actions.ts'
import { inboundSmtpHost, SES_RECEIVING_REGIONS, sesReceivesIn } from '../ses-receiving.ts'
import { handlerEntry, nodeFunction } from './node-function.ts'
import { pipelineEnvironment } from './pipeline-function-props.ts'

export interface ReplyReceivingProps {
  /** The enquiries table the answers are recorded on. */
  readonly table: ITableV2
  /** The host SES receives for (`replies.<zone>`): every enquiry's reply address is under it. */
  readonly replyDomain: string
  /** The zone its MX record is written in. */
  readonly hostedZone: IHostedZone
  /** The agency inbox: replies from its domain count. */
  readonly agencyEmail: string
  /** The functions' config requires it. */
  readonly senderEmail: string
  /** The stage's key: it signed every reply address. */
  readonly linkKey: ISecret
  /**
   * The functions' `STAGE` (reply addresses are signed for it).
   * @default 'prod'
   */
  readonly stage?: string
  /**
   * The folder holding `reply-received/handler.ts`.
   * @default - the repository's `functions/`
   */
  readonly functionsDirectory?: string
  /**
   * How long the function's logs are kept.
   * @default RetentionDays.ONE_MONTH
   */
  readonly logRetention?: RetentionDays
}

/**
 * Reply detection (docs/decisions/0039-reply-detection.md): SES receiving on the stage's reply
 * subdomain, one receipt rule whose only action hands the message's headers to the
 * reply-received function (no S3 or SNS action: no copy of any message is kept anywhere), and
 * the subdomain's MX record pointing at SES in this region. CloudFormation creates the rule set
 * but cannot make it the account's active one: that is one command, once per account and region
 * (docs/deploy.md); until then SES refuses the mail and no answer is recorded by reply.
 */
export class ReplyReceiving extends Construct {
  readonly function: IFunction
  readonly ruleSet: ReceiptRuleSet

  constructor(scope: Construct, id: string, props: ReplyReceivingProps) {
    super(scope, id)
    const region = Stack.of(this).region
    if (Token.isUnresolved(region) || !sesReceivesIn(region)) {
      throw new Error(
        `Reply detection needs SES receiving, which ${Token.isUnresolved(region) ? 'an environment-agnostic stack' : region} does not offer (it is in ${SES_RECEIVING_REGIONS.join(', ')}): set replySubdomain: false for this stage`,
      )
    }
    const { fn } = nodeFunction(this, 'Receive', {
      entry: handlerEntry('reply-received', props.functionsDirectory),
      description: 'Records a staff reply to an enquiry (its headers only) as its answer',
      memorySize: 256,
      timeout: Duration.seconds(10),
      environment: {
        ...pipelineEnvironment(props, props.stage ?? 'prod'),
        REPLY_DOMAIN: props.replyDomain,
        // Resolved by CloudFormation at deploy time: the template holds only the reference.
        [enquiryActionsApi.keyEnv]: props.linkKey.secretValue.unsafeUnwrap(),
      },
      retention: props.logRetention ?? RetentionDays.ONE_MONTH,
    })
    this.function = fn
    // It reads the one enquiry a reply names and records the answer on it: nothing else.
    Grant.addToPrincipal({
      grantee: fn,
      actions: ['dynamodb:GetItem', 'dynamodb:UpdateItem'],
      resourceArns: [props.table.tableArn],
    })

    this.ruleSet = new ReceiptRuleSet(this, 'RuleSet')
    this.ruleSet.addRule('Replies', {
      recipients: [props.replyDomain],
      // SES's spam and virus verdicts reach the function, which refuses what they condemn.
      scanEnabled: true,
      // Staff mail servers (Microsoft 365, Google Workspace) deliver over TLS.
      tlsPolicy: TlsPolicy.REQUIRE,
      actions: [new Lambda({ function: fn, invocationType: LambdaInvocationType.EVENT })],
    })
    new MxRecord(this, 'MxRecord', {
      zone: props.hostedZone,
      recordName: props.replyDomain,
      values: [{ priority: 10, hostName: inboundSmtpHost(region) }],
    })
    new CfnOutput(this, 'ReplyRuleSetName', {
      description: `Activate once per account and region (docs/deploy.md): aws ses set-active-receipt-rule-set --region ${region} --rule-set-name <this>`,
      value: this.ruleSet.receiptRuleSetName,
    })
  }
}
