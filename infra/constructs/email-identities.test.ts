import { App, Stack } from 'aws-cdk-lib'
import { Template } from 'aws-cdk-lib/assertions'
import { PublicHostedZone } from 'aws-cdk-lib/aws-route53'
import { describe, expect, it } from 'vitest'
import { EmailIdentities, type EmailIdentitiesProps } from './email-identities.ts'

/** The records a domain identity in its own hosted zone writes there, as name → types. */
function recordsWritten(props: Partial<EmailIdentitiesProps>): Record<string, string[]> {
  const stack = new Stack(new App(), 'Data', {
    env: { account: '210987654321', region: 'eu-west-2' },
  })
  new EmailIdentities(stack, 'Notifications', {
    senderEmail: 'website@agency.co.uk',
    senderIdentity: 'domain',
    agencyEmail: 'hello@agency.co.uk',
    hostedZone: PublicHostedZone.fromPublicHostedZoneAttributes(stack, 'Zone', {
      hostedZoneId: 'Z0123456789ABC',
      zoneName: 'agency.co.uk',
    }),
    ...props,
  })
  const records: Record<string, string[]> = {}
  for (const record of Object.values(
    Template.fromStack(stack).findResources('AWS::Route53::RecordSet'),
  )) {
    // The DKIM CNAMEs' names are tokens (SES generates them): named here by their type only.
    const name =
      typeof record.Properties.Name === 'string' ? record.Properties.Name : 'DKIM (SES-named)'
    records[name] = [...(records[name] ?? []), record.Properties.Type]
  }
  return records
}

describe('the DNS records a domain sender writes into its zone', () => {
  it('writes no _dmarc record unless the stage gives one: a domain that publishes its own keeps it', () => {
    const dkim = { 'DKIM (SES-named)': ['CNAME', 'CNAME', 'CNAME'] }
    expect(recordsWritten({})).toEqual({ ...dkim, 'mail.agency.co.uk.': ['MX', 'TXT'] })
    expect(recordsWritten({ dmarc: 'v=DMARC1; p=none' })).toEqual({
      ...dkim,
      'mail.agency.co.uk.': ['MX', 'TXT'],
      '_dmarc.agency.co.uk.': ['TXT'],
    })
  })

  it('puts the MAIL FROM records under another label when mail. is taken', () => {
    expect(recordsWritten({ mailFromSubdomain: 'bounce' })).toMatchObject({
      'bounce.agency.co.uk.': ['MX', 'TXT'],
    })
    expect(Object.keys(recordsWritten({ mailFromSubdomain: 'bounce' }))).not.toContain(
      'mail.agency.co.uk.',
    )
  })
})
