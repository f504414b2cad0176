import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb'
import type { RetentionDays } from 'aws-cdk-lib/aws-logs'
import type { ITopic } from 'aws-cdk-lib/aws-sns'

/** What a stack gives each construct of the enquiry pipeline that runs a function. */
export interface PipelineFunctionProps {
  /** The enquiries table. */
  readonly table: ITableV2
  /** The From address of enquiry e-mails (the functions' config requires it). */
  readonly senderEmail: string
  /** The agency inbox every enquiry is e-mailed to. */
  readonly agencyEmail: string
  /** Where the construct's alarms notify ops. */
  readonly opsTopic: ITopic
  /**
   * The `stage` dimension of the function's metrics and alarms.
   * @default - the stack's name
   */
  readonly stage?: string
  /**
   * The folder holding the function's `handler.ts` (in its own subfolder).
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
 * The variables functions/config.ts requires of every function that reads enquiries and e-mails
 * about them, written in one place so that no construct can start a function without one. Each
 * construct adds its own after these.
 */
export function pipelineEnvironment(
  props: Pick<PipelineFunctionProps, 'table' | 'senderEmail' | 'agencyEmail'>,
  stage: string,
): Record<string, string> {
  return {
    ENQUIRIES_TABLE: props.table.tableName,
    SENDER_EMAIL: props.senderEmail,
    AGENCY_EMAIL: props.agencyEmail,
    STAGE: stage,
  }
}
