import { describe, expect, it } from 'vitest'
import { contextKeys, DEFAULT_REGION, parseDeployConfig } from './config.ts'

describe('parseDeployConfig', () => {
  it('defaults to one London stack, the site address as sender and recipient, no domain', () => {
    expect(parseDeployConfig({}, {})).toEqual({
      stage: 'prod',
      stackName: 'ElevateDigital',
      senderIdentity: 'address',
      env: { region: 'eu-west-2' },
      site: expect.objectContaining({ email: 'hello@elevate-digital.example' }),
      senderEmail: 'hello@elevate-digital.example',
      agencyEmail: 'hello@elevate-digital.example',
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

  it('reads every documented context key, as strings from -c or values from cdk.json', () => {
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
    expect(contextKeys).toEqual(
      expect.arrayContaining(['domainName', 'certificateArn', 'opsEmail', 'region']),
    )
  })

  it('adds a WAF web ACL only when asked, with a tunable rate limit', () => {
    expect(parseDeployConfig({}, {})).not.toHaveProperty('waf')
    expect(parseDeployConfig({ waf: 'false' }, {})).not.toHaveProperty('waf')
    expect(parseDeployConfig({ waf: 'true' }, {}).waf).toEqual({ rateLimit: 20 })
    expect(parseDeployConfig({ waf: true, wafRateLimit: '300' }, {}).waf).toEqual({
      rateLimit: 300,
    })
    expect(contextKeys).toEqual(expect.arrayContaining(['waf', 'wafRateLimit']))
  })

  it('names a second stage’s stacks after it, the default stage keeping the plain names', () => {
    expect(parseDeployConfig({ stage: 'staging' }, {})).toMatchObject({
      stage: 'staging',
      stackName: 'ElevateDigital-staging',
    })
    expect(parseDeployConfig({ stage: 'prod' }, {}).stackName).toBe('ElevateDigital')
    expect(parseDeployConfig({ stage: 'staging', stackName: 'Elevate2' }, {}).stackName).toBe(
      'Elevate2',
    )
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
    [{ stage: 'Staging!' }, 'stage: up to 16 lower-case letters and digits'],
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

  it('refuses a domain other than the one the built pages link to', () => {
    expect(() =>
      parseDeployConfig(
        {
          domainName: 'www.elevate-digital.example',
          certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc-123',
        },
        { SITE_URL: 'https://elevate.example' },
      ),
    ).toThrow("differs from SITE_URL's host elevate.example")
  })

  it('passes the site identity checks through', () => {
    expect(() => parseDeployConfig({}, { SITE_EMAIL: 'nope' })).toThrow(
      'SITE_EMAIL must be an e-mail address',
    )
  })
})
