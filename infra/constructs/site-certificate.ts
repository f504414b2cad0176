import {
  Certificate,
  CertificateValidation,
  type ICertificate,
} from 'aws-cdk-lib/aws-certificatemanager'
import type { IHostedZone } from 'aws-cdk-lib/aws-route53'
import { Construct } from 'constructs'

export interface SiteCertificateProps {
  /** The host names the certificate covers; the first is its subject. */
  readonly domainNames: string[]
  /** The Route 53 zone the DNS validation records are written into. */
  readonly hostedZone: IHostedZone
}

/**
 * The TLS certificate for the site's custom domain, validated through DNS so it renews itself.
 * CloudFront only reads certificates from us-east-1, so this must live in a stack there.
 */
export class SiteCertificate extends Construct {
  readonly certificate: ICertificate

  constructor(scope: Construct, id: string, props: SiteCertificateProps) {
    super(scope, id)
    const [subject, ...alternatives] = props.domainNames
    if (!subject) throw new Error('SiteCertificate needs at least one domain name')
    this.certificate = new Certificate(this, 'Certificate', {
      domainName: subject,
      subjectAlternativeNames: alternatives.length > 0 ? alternatives : undefined,
      validation: CertificateValidation.fromDns(props.hostedZone),
    })
  }
}
