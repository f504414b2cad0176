import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Synthesised, synthesise } from '../testing/synthesise-app.ts'

// biome-ignore lint/suspicious/noExplicitAny: synthesised CloudFormation is untyped JSON
type Cfn = any

/** A stage whose sender (a domain identity) and inbox differ, as a real agency's do. */
const prod = {
  account: '123456789012',
  domainName: 'www.agency.example',
  hostedZoneId: 'Z0123456789ABC',
  hostedZoneName: 'agency.example',
  senderEmail: 'website@agency.example',
  senderIdentity: 'domain' as const,
  agencyEmail: 'enquiries@agency-inbox.example',
}

/** Every statement of every IAM policy in the stage that allows `ses:SendEmail`. */
function sesSendStatements(synth: Synthesised): Cfn[] {
  return synth.templates.flatMap(({ template }) =>
    Object.values(template.Resources as Record<string, Cfn>)
      .filter((resource) => resource.Type === 'AWS::IAM::Policy')
      .flatMap((policy) => policy.Properties.PolicyDocument.Statement as Cfn[])
      .filter((statement) => [statement.Action].flat().some((action) => /^ses:/.test(action))),
  )
}

describe('the right to send e-mail through SES', () => {
  let synth: Synthesised
  beforeAll(() => {
    synth = synthesise({ stages: { prod } })
  }, 120_000)
  afterAll(() => synth?.dispose())

  it('is limited in every grant to the sender as From and the inbox (or the simulator) as recipients', () => {
    const statements = sesSendStatements(synth)
    // Contact, retry and digest functions: through the identities and the configuration set.
    expect(statements.length).toBeGreaterThanOrEqual(3)
    for (const statement of statements) {
      expect([statement.Action].flat(), JSON.stringify(statement)).toEqual(['ses:SendEmail'])
      // The enquiry senders: the inbox and the simulator; the retention evidence: the inbox (its
      // auditEmail by default) only. Never anyone else.
      const recipients =
        statement.Condition['ForAllValues:StringEqualsIgnoreCase']['ses:Recipients']
      expect([
        ['enquiries@agency-inbox.example', 'success@simulator.amazonses.com'],
        ['enquiries@agency-inbox.example'],
      ]).toContainEqual(recipients)
      expect(statement.Condition, JSON.stringify(statement.Resource)).toEqual({
        StringEqualsIgnoreCase: { 'ses:FromAddress': 'website@agency.example' },
        'ForAllValues:StringEqualsIgnoreCase': { 'ses:Recipients': recipients },
        // ForAllValues alone would also allow a request whose recipients are missing.
        Null: { 'ses:Recipients': 'false' },
      })
    }
    // The domain identity would otherwise let the contact function send as anyone@agency.example.
    const resources = JSON.stringify(statements.map((statement) => statement.Resource))
    expect(resources).toContain(':identity/agency.example')
  })
})
