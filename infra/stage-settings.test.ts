import { describe, expect, it } from 'vitest'
import { DEFAULT_REGION, parseStage, settingKeys } from './stage-settings.ts'

const parseDeployConfig = (settings: Record<string, unknown>, env: Record<string, string>) =>
  parseStage('prod', settings, env)

const zoneOf = (zone: string) => ({
  domainName: `www.${zone}`,
  hostedZoneId: 'Z0123456789ABC',
  hostedZoneName: zone,
})

describe('parseStage', () => {
  it('defaults to London stacks, the site address as sender and recipient, no domain', () => {
    expect(parseDeployConfig({}, {})).toEqual({
      stage: 'prod',
      stackName: 'ElevateDigital',
      senderIdentity: 'address',
      env: { region: 'eu-west-2' },
      site: expect.objectContaining({ email: 'hello@elevate-digital.example' }),
      senderEmail: 'hello@elevate-digital.example',
      agencyEmail: 'hello@elevate-digital.example',
      digestSchedule: 'cron(0 8 * * ? *)',
      digestListDays: 14,
      // The monthly retention report: to the agency inbox, locked 6 years.
      auditEmail: 'hello@elevate-digital.example',
      evidenceRetentionYears: 6,
      agencyTimeZone: 'Europe/London',
      reminderAfterHours: 20,
    })
    expect(DEFAULT_REGION).toBe('eu-west-2')
  })

  it('takes the account from the CLI but never the profile region (data stays in the UK)', () => {
    const config = parseDeployConfig(
      {},
      { CDK_DEFAULT_ACCOUNT: '123456789012', CDK_DEFAULT_REGION: 'us-east-1' },
    )
    expect(config.env).toEqual({ account: '123456789012', region: 'eu-west-2' })
    expect(parseDeployConfig({ region: 'eu-west-1' }, {}).env.region).toBe('eu-west-1')
  })

  it('reads every documented setting, as strings from -c or typed values from infra/stages.ts', () => {
    const config = parseDeployConfig(
      {
        stackName: 'ElevateStaging',
        account: '123456789012',
        senderEmail: 'website@elevate-digital.example',
        agencyEmail: 'hello@elevate-digital.example',
        opsEmail: 'ops@elevate-digital.example',
        domainName: 'www.elevate-digital.example',
        hostedZoneId: 'Z0123456789ABC',
        hostedZoneName: 'elevate-digital.example.',
        apiRateLimit: '20',
        apiBurstLimit: 40,
      },
      { SITE_URL: 'https://www.elevate-digital.example' },
    )
    expect(config).toMatchObject({
      stackName: 'ElevateStaging',
      senderEmail: 'website@elevate-digital.example',
      opsEmail: 'ops@elevate-digital.example',
      domain: {
        domainName: 'www.elevate-digital.example',
        hostedZone: { hostedZoneId: 'Z0123456789ABC', zoneName: 'elevate-digital.example' },
      },
      apiThrottle: { rateLimit: 20, burstLimit: 40 },
    })
    // The API's own domain defaults to api.<zone>.
    expect(config.domain?.api).toEqual({ domainName: 'api.elevate-digital.example' })
    expect(settingKeys).toEqual(
      expect.arrayContaining([
        'domainName',
        'certificateArn',
        'opsEmail',
        'region',
        'apiDomainName',
      ]),
    )
  })

  it('sends the monthly retention report to auditEmail, locked evidenceRetentionYears', () => {
    const config = parseDeployConfig(
      { auditEmail: 'dpo@elevate-digital.example', evidenceRetentionYears: '10' },
      {},
    )
    expect(config).toMatchObject({
      auditEmail: 'dpo@elevate-digital.example',
      evidenceRetentionYears: 10,
    })
    expect(() => parseDeployConfig({ auditEmail: 'the auditor' }, {})).toThrow(
      /auditEmail must be an e-mail address/,
    )
    for (const years of ['0', '101', 'six']) {
      expect(() => parseDeployConfig({ evidenceRetentionYears: years }, {})).toThrow(
        /evidenceRetentionYears/,
      )
    }
  })

  it('reads the 24-hour promise’s settings: time zone, reminder hours, reply subdomain, summary address', () => {
    const zone = {
      hostedZoneId: 'Z0123456789ABC',
      hostedZoneName: 'elevate-digital.example',
      domainName: 'www.elevate-digital.example',
    }
    expect(
      parseDeployConfig(
        {
          ...zone,
          agencyTimeZone: 'Europe/Dublin',
          reminderAfterHours: '18',
          replySubdomain: 'answers',
          weeklySummaryTo: 'director@elevate-digital.example',
        },
        { SITE_URL: 'https://www.elevate-digital.example' },
      ),
    ).toMatchObject({
      agencyTimeZone: 'Europe/Dublin',
      reminderAfterHours: 18,
      replyDomain: 'answers.elevate-digital.example',
      weeklySummaryTo: 'director@elevate-digital.example',
    })
    // Without a zone there is nowhere to write the MX record: none, and none may be asked for.
    expect(parseDeployConfig({}, {})).not.toHaveProperty('replyDomain')
    expect(() => parseDeployConfig({ replySubdomain: 'replies' }, {})).toThrow(
      /replySubdomain needs a hosted zone/,
    )
    expect(() => parseDeployConfig({ agencyTimeZone: 'Europe/Londn' }, {})).toThrow(
      /agencyTimeZone: an IANA time zone/,
    )
    expect(() => parseDeployConfig({ reminderAfterHours: '24' }, {})).toThrow(
      /reminderAfterHours must be 23 at most/,
    )
    expect(settingKeys).toEqual(
      expect.arrayContaining([
        'agencyTimeZone',
        'reminderAfterHours',
        'replySubdomain',
        'weeklySummaryTo',
      ]),
    )
  })

  it('adds a WAF web ACL only when asked, with a tunable rate limit', () => {
    expect(parseDeployConfig({}, {})).not.toHaveProperty('waf')
    expect(parseDeployConfig({ waf: 'false' }, {})).not.toHaveProperty('waf')
    expect(parseDeployConfig({ waf: 'true' }, {}).waf).toEqual({ rateLimit: 20 })
    expect(parseDeployConfig({ waf: true, wafRateLimit: '300' }, {}).waf).toEqual({
      rateLimit: 300,
    })
    expect(settingKeys).toEqual(expect.arrayContaining(['waf', 'wafRateLimit']))
  })

  it('sends the digest daily at 08:00 UTC unless the stage names an EventBridge schedule', () => {
    expect(parseDeployConfig({}, {}).digestSchedule).toBe('cron(0 8 * * ? *)')
    for (const schedule of [
      'cron(30 7 ? * MON-FRI *)',
      'cron(0 8,16 * * ? *)',
      'rate(12 hours)',
      'rate(1 day)',
    ]) {
      expect(parseDeployConfig({ digestSchedule: ` ${schedule} ` }, {}).digestSchedule).toBe(
        schedule,
      )
    }
    expect(parseDeployConfig({ digestSchedule: '' }, {}).digestSchedule).toBe('cron(0 8 * * ? *)')
    expect(settingKeys).toContain('digestSchedule')
  })

  it('lists an enquiry 14 days unless the stage says, and copies to a second address it names', () => {
    expect(parseDeployConfig({ digestListDays: '7' }, {}).digestListDays).toBe(7)
    expect(parseDeployConfig({ digestCopyTo: 'it@example.co.uk' }, {}).digestCopyTo).toBe(
      'it@example.co.uk',
    )
    expect(parseDeployConfig({}, {})).not.toHaveProperty('digestCopyTo')
    expect(() => parseDeployConfig({ digestListDays: '0' }, {})).toThrow(/digestListDays/)
    expect(() => parseDeployConfig({ digestListDays: 'a fortnight' }, {})).toThrow(
      /digestListDays must be a number/,
    )
    expect(() => parseDeployConfig({ digestCopyTo: 'someone' }, {})).toThrow(
      /digestCopyTo must be an e-mail address/,
    )
    expect(settingKeys).toEqual(expect.arrayContaining(['digestListDays', 'digestCopyTo']))
  })

  it.each([
    ['words', 'every morning'],
    ['five cron fields', 'cron(0 8 * * ?)'],
    ['both days named', 'cron(0 8 1 * MON *)'],
    ['neither day left open', 'cron(0 8 ? * ? *)'],
    ['every minute', 'cron(* 8 * * ? *)'],
    ['every 5 minutes', 'cron(0/5 * * * ? *)'],
    ['a rate in minutes', 'rate(30 minutes)'],
    ['a plural for one', 'rate(1 hours)'],
    ['a rate of nothing', 'rate(0 days)'],
    ['not text', 8],
  ])('refuses a digest schedule of %s, naming the setting', (_name, schedule) => {
    expect(() => parseDeployConfig({ digestSchedule: schedule }, {})).toThrow(
      /digestSchedule: an EventBridge schedule in UTC, at most hourly/,
    )
  })

  it('names a second stage’s stacks after it, the production stage keeping the plain names', () => {
    expect(parseStage('staging', {}, {})).toMatchObject({
      stage: 'staging',
      stackName: 'ElevateDigital-staging',
    })
    expect(parseStage('prod', {}, {}).stackName).toBe('ElevateDigital')
    expect(parseStage('staging', { stackName: 'Elevate2' }, {}).stackName).toBe('Elevate2')
    expect(() => parseStage('Staging!', {}, {})).toThrow('up to 16 lower-case letters and digits')
  })

  it('gives a domain without a hosted zone the API domain and regional certificate it names', () => {
    const config = parseDeployConfig(
      {
        domainName: 'www.elevate-digital.example',
        certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc-123',
        apiDomainName: 'api.elevate-digital.example',
        apiCertificateArn: 'arn:aws:acm:eu-west-2:123456789012:certificate/def-456',
      },
      {},
    )
    expect(config.domain).toEqual({
      domainName: 'www.elevate-digital.example',
      certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc-123',
      api: {
        domainName: 'api.elevate-digital.example',
        certificateArn: 'arn:aws:acm:eu-west-2:123456789012:certificate/def-456',
      },
    })
  })

  it('verifies the inbox too when the sender identity does not cover it (SES sandbox)', () => {
    const split = {
      senderEmail: 'website@elevate-digital.example',
      agencyEmail: 'hello@agency.example',
    }
    expect(parseDeployConfig(split, {})).toMatchObject({
      senderIdentity: 'address',
      recipientIdentity: 'create',
    })
    expect(
      parseDeployConfig(
        { ...split, senderIdentity: 'existing', recipientIdentity: 'existing' },
        {},
      ),
    ).toMatchObject({ senderIdentity: 'existing', recipientIdentity: 'existing' })
    // A domain identity covers every address of its domain.
    const zone = {
      domainName: 'www.elevate-digital.example',
      hostedZoneId: 'Z0123456789ABC',
      hostedZoneName: 'elevate-digital.example',
      senderEmail: 'website@elevate-digital.example',
      agencyEmail: 'hello@elevate-digital.example',
    }
    const withZone = parseDeployConfig(zone, { SITE_URL: 'https://www.elevate-digital.example' })
    expect(withZone.senderIdentity).toBe('domain')
    expect(withZone).not.toHaveProperty('recipientIdentity')
  })

  it('keeps a DMARC record as given', () => {
    const dmarc = 'v=DMARC1; p=quarantine; rua=mailto:dmarc@elevate-digital.example'
    expect(parseDeployConfig({ dmarc }, {}).dmarc).toBe(dmarc)
  })

  it('treats blank values as unset', () => {
    expect(parseDeployConfig({ opsEmail: '', domainName: ' ' }, {})).not.toHaveProperty('domain')
  })

  it.each([
    [{ senderEmail: 'nope' }, 'senderEmail must be an e-mail address'],
    [{ region: 'London' }, 'region must look like eu-west-2'],
    [{ account: '42' }, 'account: 12 digits'],
    [{ domainName: 'www.elevate-digital.example' }, 'domainName needs hostedZoneId'],
    [
      {
        domainName: 'www.elevate-digital.example',
        certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc',
      },
      'a domainName without a hosted zone needs apiDomainName and apiCertificateArn',
    ],
    [
      {
        domainName: 'www.elevate-digital.example',
        certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc',
        apiDomainName: 'api.elevate-digital.example',
        apiCertificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/def',
      },
      "apiCertificateArn must be in the stage's region (eu-west-2)",
    ],
    [
      { ...zoneOf('elevate-digital.example'), apiDomainName: 'api.other.example' },
      'apiDomainName api.other.example is not inside hostedZoneName elevate-digital.example',
    ],
    [
      { ...zoneOf('elevate-digital.example'), apiDomainName: 'www.elevate-digital.example' },
      'apiDomainName must differ from domainName',
    ],
    [{ hostedZoneId: 'Z0123456789ABC' }, 'hostedZoneId and hostedZoneName go together'],
    [
      {
        domainName: 'www.elevate-digital.example',
        certificateArn: 'arn:aws:acm:eu-west-2:123456789012:certificate/abc',
      },
      'certificateArn must be an ACM certificate in us-east-1',
    ],
    [
      {
        domainName: 'www.elevate-digital.example',
        hostedZoneId: 'Z0123456789ABC',
        hostedZoneName: 'other.example',
      },
      'is not inside hostedZoneName other.example',
    ],
    [{ apiRateLimit: '10' }, 'apiRateLimit and apiBurstLimit go together'],
    [{ apiRateLimit: 'fast', apiBurstLimit: 5 }, 'apiRateLimit must be a number'],
    [{ waf: 'yes' }, 'waf must be true or false'],
    [{ senderIdentity: 'maybe' }, 'senderIdentity must be address, domain or existing'],
    [{ recipientIdentity: 'new' }, 'recipientIdentity must be create or existing'],
    [{ dmarc: 'p=reject' }, 'dmarc: a DMARC record'],
    [{ wafRateLimit: '100' }, 'wafRateLimit needs waf=true'],
    [{ waf: 'true', wafRateLimit: '5' }, "wafRateLimit must be at least 10 (AWS WAF's minimum)"],
    [{ waf: 'true', wafRateLimit: '2.5' }, 'wafRateLimit must be a whole number'],
  ])('rejects %j', (context, message) => {
    expect(() =>
      parseDeployConfig(context, { SITE_URL: 'https://www.elevate-digital.example' }),
    ).toThrow(message)
  })

  it('passes the site identity checks through', () => {
    expect(() => parseDeployConfig({}, { SITE_EMAIL: 'nope' })).toThrow(
      'SITE_EMAIL must be an e-mail address',
    )
  })
})
