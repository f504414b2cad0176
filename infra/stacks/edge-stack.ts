import { Stack, type StackProps } from 'aws-cdk-lib'
import type { ICertificate } from 'aws-cdk-lib/aws-certificatemanager'
import { HostedZone } from 'aws-cdk-lib/aws-route53'
import type { Construct } from 'constructs'
import { SiteCertificate } from '../constructs/site-certificate.ts'

export interface EdgeStackProps extends StackProps {
  /** The site's host names. */
  readonly domainNames: string[]
  /** The Route 53 zone that validates the certificate. */
  readonly hostedZone: { readonly hostedZoneId: string; readonly zoneName: string }
}

/**
 * What CloudFront needs from us-east-1 whatever region the site runs in: the certificate.
 * Deployed only when a custom domain is configured without an existing certificate.
 */
export class EdgeStack extends Stack {
  readonly certificate: ICertificate

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, props)
    const hostedZone = HostedZone.fromHostedZoneAttributes(this, 'Zone', props.hostedZone)
    this.certificate = new SiteCertificate(this, 'SiteCertificate', {
      domainNames: props.domainNames,
      hostedZone,
    }).certificate
  }
}
