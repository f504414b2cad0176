import { DescribeStacksCommand, ListStackResourcesCommand } from '@aws-sdk/client-cloudformation'
import { ListDistributionsCommand } from '@aws-sdk/client-cloudfront'
import type { ResourceRecordSet } from '@aws-sdk/client-route-53'
import { GetEmailIdentityCommand } from '@aws-sdk/client-sesv2'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { TimeBudget } from './checks.ts'
import { preflight as preflightOf } from './preflight.ts'
import { runPreflight } from './preflight-cli.ts'
import { stageConfig } from './stage-command.ts'
import {
  answerAsReadyForFirstDeploy,
  mocks,
  preflightThrough,
  recorded,
  resource,
  restoreAll,
} from './testing/recorded-account.ts'

/**
 * The records the committed prod stage writes into its zone (infra/dns-records.ts), against a
 * zone that already holds records at those names, as an old site's zone does: `npm run preflight`
 * must fail each record Route 53 would refuse, saying what to do.
 */
const { cfn, ses, cloudFront } = mocks
beforeEach(answerAsReadyForFirstDeploy)
afterAll(restoreAll)
const preflight = preflightThrough(runPreflight)

const cname = (label: string, target: string): ResourceRecordSet => ({
  Name: `${label}.elevate-digital.example.`,
  Type: 'CNAME',
  TTL: 300,
  ResourceRecords: [{ Value: target }],
})
const record = (label: string, type: ResourceRecordSet['Type'], value = 'x') => ({
  Name: `${label}.elevate-digital.example.`,
  Type: type,
  TTL: 300,
  ResourceRecords: [{ Value: value }],
})

describe('npm run preflight: the records the stage writes', () => {
  it('fails each record a CNAME at www, api and mail would refuse, and says what to do', async () => {
    recorded.zoneRecords.push(
      cname('www', 'old-site.herokuapp.example'),
      cname('api', 'old-api.example'),
      cname('mail', 'mailhost.example'),
    )
    const { code, failed, lines } = await preflight()
    const beside = 'is there already: Route 53 allows no other record beside a CNAME'
    expect(failed).toEqual([
      expect.stringMatching(
        new RegExp(
          `FAIL\\s+can create A www\\.elevate-digital\\.example\\s+a CNAME record \\(old-site\\.herokuapp\\.example\\) ${beside}, so the stage's A \\(the site.*To do: cut over through an existing certificate`,
        ),
      ),
      expect.stringMatching(
        /FAIL\s+can create AAAA www\.elevate-digital\.example\s+a CNAME record/,
      ),
      expect.stringMatching(
        /FAIL\s+can create A api\.elevate-digital\.example\s+a CNAME record \(old-api\.example\).*To do: set apiDomainName to a name nobody uses/,
      ),
      expect.stringMatching(
        /FAIL\s+can create MX mail\.elevate-digital\.example\s+a CNAME record \(mailhost\.example\).*To do: set mailFromSubdomain to a free label/,
      ),
      expect.stringMatching(
        /FAIL\s+can create TXT mail\.elevate-digital\.example\s+a CNAME record/,
      ),
    ])
    expect(lines.join('\n')).toMatch(
      /PASS\s+can create TXT _dmarc\.elevate-digital\.example\s+free/,
    )
    expect(code).toBe(1)
  })

  const faults: [fault: string, records: ResourceRecordSet[], line: RegExp][] = [
    [
      'an alias A at www to an old distribution',
      [
        {
          Name: 'www.elevate-digital.example.',
          Type: 'A',
          AliasTarget: {
            DNSName: 'd111111abcdef8.cloudfront.net.',
            HostedZoneId: 'Z2FDTNDATAQYW2',
            EvaluateTargetHealth: false,
          },
        },
      ],
      /FAIL\s+can create A www\.elevate-digital\.example\s+an alias A to d111111abcdef8\.cloudfront\.net is there already: the stage writes its own A there .*fails the stack\. To do: cut over/,
    ],
    [
      'an AAAA at www',
      [record('www', 'AAAA', '2001:db8::1')],
      /FAIL\s+can create AAAA www\.elevate-digital\.example\s+an AAAA record \(2001:db8::1\) is there already/,
    ],
    [
      'an MX at mail.',
      [record('mail', 'MX', '10 mx.example')],
      /FAIL\s+can create MX mail\.elevate-digital\.example\s+an MX record \(10 mx\.example\).*set mailFromSubdomain/,
    ],
    [
      'the domain’s own _dmarc TXT',
      [record('_dmarc', 'TXT', '"v=DMARC1; p=reject"')],
      /FAIL\s+can create TXT _dmarc\.elevate-digital\.example\s+a TXT record .*remove dmarc from the stage/,
    ],
    [
      'a CNAME at _dmarc (a DMARC service)',
      [cname('_dmarc', 'dmarc.provider.example')],
      /FAIL\s+can create TXT _dmarc\.elevate-digital\.example\s+a CNAME record \(dmarc\.provider\.example\) is there already: Route 53 allows no other record beside a CNAME/,
    ],
  ]

  it.each(faults)('%s: its FAIL line and exit 1', async (_fault, records, line) => {
    recorded.zoneRecords.push(...records)
    const { code, failed } = await preflight()
    expect(failed).toEqual([expect.stringMatching(line)])
    expect(code).toBe(1)
  })

  it('passes records of other types or names beside them (a TXT at www, an A at www2)', async () => {
    recorded.zoneRecords.push(
      record('www', 'TXT', '"google-site-verification=x"'),
      record('www2', 'A', '192.0.2.1'),
      cname('x.www', 'elsewhere.example'),
      record('mail', 'A', '192.0.2.2'),
    )
    const { code, failed } = await preflight()
    expect(failed).toEqual([])
    expect(code).toBe(0)
  })

  it('passes again once deployed: the records and identity are the stage’s own', async () => {
    recorded.zoneRecords.push(record('_dmarc', 'TXT'), record('www', 'A'), record('www', 'AAAA'))
    ses
      .on(GetEmailIdentityCommand)
      .resolves({ IdentityType: 'DOMAIN', VerifiedForSendingStatus: true })
    cfn.on(ListStackResourcesCommand).callsFake(async (input) => ({
      StackResourceSummaries:
        input.StackName === 'ElevateDigital-Data'
          ? [
              resource('AWS::Route53::RecordSet', '_dmarc.elevate-digital.example'),
              resource('AWS::SES::EmailIdentity', 'elevate-digital.example'),
            ]
          : [resource('AWS::Route53::RecordSet', 'www.elevate-digital.example')],
    }))
    const { code, failed, lines } = await preflight()
    expect(failed).toEqual([])
    expect(code).toBe(0)
    expect(lines.join('\n')).toMatch(
      /PASS\s+can create TXT _dmarc\.elevate-digital\.example\s+the stage's own/,
    )
  })

  it('looks for the stage’s own MAIL FROM host, and leaves the domain’s DMARC when dmarc is unset', async () => {
    // The company's domain already has mail. records and its own DMARC: the stage moves MAIL FROM.
    recorded.zoneRecords.push(record('_dmarc', 'TXT'), record('mail', 'TXT'), record('mail', 'MX'))
    const { dmarc: _, ...prod } = stageConfig('prod', {})
    const run = () =>
      preflightOf({ ...prod, mailFromSubdomain: 'bounce' }, new TimeBudget(60_000), {
        resolveNs: recorded.resolveNs,
      })
    const checked = (await run()).map((result) => `${result.outcome} ${result.check}`)
    expect(checked.filter((line) => /MX|TXT/.test(line))).toEqual([
      'PASS can create MX replies.elevate-digital.example',
      'PASS can create MX bounce.elevate-digital.example',
      'PASS can create TXT bounce.elevate-digital.example',
    ])
    recorded.zoneRecords.push(record('bounce', 'MX'))
    expect((await run()).filter((result) => result.outcome === 'FAIL')).toEqual([
      expect.objectContaining({
        check: 'can create MX bounce.elevate-digital.example',
        detail: expect.stringMatching(/is there already.*set mailFromSubdomain to a free label/),
      }),
    ])
  })
})

describe('npm run preflight: the site’s name on CloudFront', () => {
  const serving = (id: string) => ({
    Id: id,
    DomainName: `${id.toLowerCase()}.cloudfront.net`,
    Aliases: { Quantity: 1, Items: ['www.elevate-digital.example'] },
  })
  const distributions = (...items: ReturnType<typeof serving>[]) =>
    cloudFront.on(ListDistributionsCommand).resolves({
      DistributionList: {
        Items: items as never,
        Marker: '',
        MaxItems: 100,
        IsTruncated: false,
        Quantity: items.length,
      },
    })

  it('fails while another distribution of the account serves the domain (CNAMEAlreadyExists)', async () => {
    distributions(serving('EOLDSITE'))
    const { code, failed } = await preflight()
    expect(failed).toEqual([
      expect.stringMatching(
        /FAIL\s+CloudFront\s+www\.elevate-digital\.example is already an alternate domain name of distribution EOLDSITE \(eoldsite\.cloudfront\.net\).*Remove it from that distribution at the cut-over/,
      ),
    ])
    expect(code).toBe(1)
  })

  it('passes when the distribution serving it is the stage’s own', async () => {
    distributions(serving('E2EXAMPLE'))
    cfn.on(DescribeStacksCommand, { StackName: 'ElevateDigital' }).resolves({
      Stacks: [
        {
          StackName: 'ElevateDigital',
          StackStatus: 'UPDATE_COMPLETE',
          CreationTime: new Date(),
          Outputs: [{ OutputKey: 'DistributionId', OutputValue: 'E2EXAMPLE' }],
        },
      ],
    })
    const { code, lines } = await preflight()
    expect(lines.join('\n')).toMatch(
      /PASS\s+CloudFront\s+usable in the account, www\.elevate-digital\.example on no other distribution of it/,
    )
    expect(code).toBe(0)
  })
})
