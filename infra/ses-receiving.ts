/**
 * The regions where SES receives e-mail (its `inbound-smtp.<region>.amazonaws.com` endpoints), as
 * the SES endpoints page of the AWS General Reference lists them (checked 2026-11): receipt
 * rules, and so reply detection, exist only there. A stage elsewhere has no reply address; its
 * staff mark answers with the "I have answered this" link (docs/decisions/0039-reply-detection.md).
 * When AWS adds a region, add it here.
 */
export const SES_RECEIVING_REGIONS = [
  'us-east-1',
  'us-east-2',
  'us-west-2',
  'ca-central-1',
  'eu-west-1',
  'eu-west-2',
  'eu-central-1',
  'ap-southeast-1',
  'ap-southeast-2',
  'ap-southeast-3',
  'ap-northeast-1',
] as const

export function sesReceivesIn(region: string): boolean {
  return (SES_RECEIVING_REGIONS as readonly string[]).includes(region)
}

/** The MX target for a domain SES receives in `region`. */
export function inboundSmtpHost(region: string): string {
  return `inbound-smtp.${region}.amazonaws.com`
}
