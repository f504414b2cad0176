import { Stack } from 'aws-cdk-lib'
import type { Grant, IGrantable } from 'aws-cdk-lib/aws-iam'
import type { ITopic } from 'aws-cdk-lib/aws-sns'
import { Construct } from 'constructs'
import { domainOf } from './email-identities.ts'
import { createOpsTopic } from './ops-topic.ts'
import { grantSesSend, type SesSendScope } from './ses-send-grant.ts'

export interface NotificationsProps {
  /**
   * The SES identities (addresses or domains) the functions may send as: the sender's and the
   * inbox's, wherever they were created (`identityPlan` in email-identities.ts names them).
   */
  readonly sendingAs: string[]
  /** The From address and the recipients every send is limited to (`enquiryMailScope`). */
  readonly sendScope: SesSendScope
  /**
   * Where ops want alarm e-mails (the subscription must be confirmed from that inbox).
   * @default - no subscription; subscribe to the topic by other means
   */
  readonly opsEmail?: string
}

/**
 * How the product talks to people: the right to send enquiry e-mails through SES (the identities
 * themselves are state, in the data stack), and the ops topic alarms notify.
 */
export class Notifications extends Construct {
  /** Every identity ARN SES may check when the functions send an enquiry. */
  readonly sendingIdentityArns: string[]
  /** Alarms publish here. */
  readonly opsTopic: ITopic
  private readonly sendScope: SesSendScope

  constructor(scope: Construct, id: string, props: NotificationsProps) {
    super(scope, id)
    this.sendingIdentityArns = props.sendingAs.map((name) => this.identityArn(name))
    this.opsTopic = createOpsTopic(this, { opsEmail: props.opsEmail })
    this.sendScope = props.sendScope
  }

  /**
   * Lets `grantee` send enquiry e-mails: through the stage's identities, from the sender's
   * address, to the inbox (or the mailbox simulator), and nothing else; or, given a wider
   * `scope` (the digest's, with its second address), to its recipients too.
   */
  grantSendEmail(grantee: IGrantable, scope: SesSendScope = this.sendScope): Grant {
    // In the SES sandbox a recipient must be a verified identity, and SES authorises the send
    // against that identity too: the address's or its domain's, whichever is the verified one.
    const beyond = scope.recipients
      .filter((address) => !this.sendScope.recipients.includes(address))
      .flatMap((address) => [address, domainOf(address)])
      .map((name) => this.identityArn(name))
    return grantSesSend(grantee, [...new Set([...this.sendingIdentityArns, ...beyond])], scope)
  }

  private identityArn(name: string): string {
    return Stack.of(this).formatArn({ service: 'ses', resource: 'identity', resourceName: name })
  }
}
