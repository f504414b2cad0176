import { domainOf, mailFromDomainOf } from './constructs/email-identities.ts'
import type { DeployConfig } from './stage-settings.ts'

/** A DNS record a stage writes into its Route 53 hosted zone. */
export interface StageRecord {
  /** Its name, without the final dot. */
  readonly name: string
  readonly type: 'A' | 'AAAA' | 'CNAME' | 'MX' | 'TXT'
  /** Why the stage writes it, as ops read it in a preflight line. */
  readonly purpose: string
  /** What ops can do when the name is taken by a record the stage cannot write beside. */
  readonly remedy: string
}

const cutOver =
  'cut over through an existing certificate instead (docs/deploy.md, "Cut-over from an existing site": deploy without hostedZoneId/hostedZoneName, with certificateArn, apiDomainName and apiCertificateArn, then point the old record at DistributionDomainName), or set domainName to a name nobody uses'

/**
 * Every record the stage writes into its hosted zone whose name is known before it is deployed:
 * what `npm run preflight` looks for in the zone (ops/preflight-dns.ts), and what every
 * synthesised template is held to (infra/dns-records.test.ts), so a construct that writes a new
 * record fails that test until its record is listed here.
 * Not listed: the DKIM CNAMEs of a domain identity, named by SES once the identity exists, and
 * the certificates' validation records, which ACM writes.
 */
export function stageDnsRecords(config: DeployConfig): StageRecord[] {
  const domain = config.domain
  const zone = domain?.hostedZone
  if (!domain || !zone) return []
  const site = 'the site: an alias to the CloudFront distribution'
  const records: StageRecord[] = [
    { name: domain.domainName, type: 'A', purpose: site, remedy: cutOver },
    { name: domain.domainName, type: 'AAAA', purpose: site, remedy: cutOver },
    {
      name: domain.api.domainName,
      type: 'A',
      purpose: "the contact API's own name: an alias to its regional domain, CloudFront's origin",
      remedy:
        'set apiDomainName to a name nobody uses (e.g. contact-api.<zone>) in infra/stages.ts, or delete the old record if nothing uses it',
    },
  ]
  if (config.replyDomain) {
    records.push({
      name: config.replyDomain,
      type: 'MX',
      purpose: "the reply subdomain: SES receiving records staff's answers (decision 0039)",
      remedy:
        'set replySubdomain to a free label (e.g. answers) in infra/stages.ts, or delete the old record if nothing receives mail there',
    })
  }
  const senderDomain = domainOf(config.senderEmail)
  // A domain identity writes its records into the zone only when the zone is its domain.
  if (config.senderIdentity !== 'domain' || zone.zoneName.toLowerCase() !== senderDomain) {
    return records
  }
  const mailFrom = mailFromDomainOf(senderDomain, config.mailFromSubdomain)
  const mailFromRemedy = `set mailFromSubdomain to a free label (e.g. bounce) in infra/stages.ts, or use senderIdentity 'existing' (docs/deploy.md)`
  records.push(
    {
      name: mailFrom,
      type: 'MX',
      purpose: "SES's custom MAIL FROM host (bounces; SPF aligned for DMARC)",
      remedy: mailFromRemedy,
    },
    {
      name: mailFrom,
      type: 'TXT',
      purpose: "the SPF record of SES's custom MAIL FROM host",
      remedy: mailFromRemedy,
    },
  )
  // Without dmarc the stage writes no _dmarc record: the domain's own is left alone.
  if (config.dmarc) {
    records.push({
      name: `_dmarc.${senderDomain}`,
      type: 'TXT',
      purpose: "the sender domain's DMARC policy",
      remedy:
        'the domain publishes its own DMARC: remove dmarc from the stage in infra/stages.ts to leave it (docs/deploy.md)',
    })
  }
  return records
}
