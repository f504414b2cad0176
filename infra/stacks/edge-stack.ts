import { Stack, type StackProps } from 'aws-cdk-lib'
import type { ICertificate } from 'aws-cdk-lib/aws-certificatemanager'
import type { RetentionDays } from 'aws-cdk-lib/aws-logs'
import { HostedZone } from 'aws-cdk-lib/aws-route53'
import type { Construct } from 'constructs'
import { SiteCertificate } from '../constructs/site-certificate.ts'
import { WebAcl } from '../constructs/web-acl.ts'

export interface EdgeStackProps extends StackProps {
  /**
   * A certificate for the site's custom domain, validated in a Route 53 zone.
   * @default - no certificate
   */
  readonly certificate?: {
    /** The site's host names. */
    readonly domainNames: string[]
    /** The Route 53 zone that validates the certificate. */
    readonly hostedZone: { readonly hostedZoneId: string; readonly zoneName: string }
  }
  /**
   * A WAF web ACL with a per-IP rate limit on the API paths.
   * @default - no web ACL
   */
  readonly webAcl?: { readonly rateLimit: number; readonly logRetention?: RetentionDays }
}

/**
 * What CloudFront needs from us-east-1 whatever region the site runs in: the certificate of a
 * custom domain, the WAF web ACL. Deployed only when the configuration asks for either.
 */
export class EdgeStack extends Stack {
  readonly certificate?: ICertificate
  readonly webAcl?: WebAcl

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, props)
    if (props.certificate) {
      const hostedZone = HostedZone.fromHostedZoneAttributes(
        this,
        'Zone',
        props.certificate.hostedZone,
      )
      this.certificate = new SiteCertificate(this, 'SiteCertificate', {
        domainNames: props.certificate.domainNames,
        hostedZone,
      }).certificate
    }
    if (props.webAcl) {
      this.webAcl = new WebAcl(this, 'WebAcl', {
        rateLimit: props.webAcl.rateLimit,
        logRetention: props.webAcl.logRetention,
      })
    }
  }
}
