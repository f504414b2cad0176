import type { Add } from './finding.ts'
import type { ResourcePool } from './template-pool.ts'

/**
 * Secrets Manager: the stage's generated values. Each is known here by what it is for, holds no
 * personal data, and must be generated at deploy time (a value written into the template would
 * be in `cdk.out` and in CloudFormation's copy of it). A secret the audit cannot place fails it.
 */
const knownSecrets = [
  {
    description: /^Origin header and path CloudFront adds/,
    what: 'the origin secret (decision 0015): a value CloudFront, the API and the functions share; no personal data',
  },
  {
    description: /^Key that signs the action links/,
    what: 'the digest links’ signing key (decision 0033): no personal data; a link it signs names one enquiry by id and works for 30 days, within its retention, and refuses once the enquiry is erased',
  },
  {
    description: /^Key the canary signs its synthetic enquiries with/,
    what: 'the canary’s synthetic key (decision 0036): no personal data; it marks the canary’s own enquiries, kept one day',
  },
] as const

export function auditSecrets(pool: ResourcePool, add: Add) {
  for (const { key, props } of pool.ofType('AWS::SecretsManager::Secret')) {
    const place = `Secrets Manager secret ${key}`
    const known = knownSecrets.find((secret) =>
      secret.description.test(String(props.Description ?? '')),
    )
    if (!known) {
      add(
        'fail',
        place,
        'a secret the audit cannot place: say what it holds in retention-audit/secrets.ts',
      )
      continue
    }
    if (props.SecretString !== undefined || props.GenerateSecretString === undefined) {
      add(
        'fail',
        place,
        `${known.what}; but its value is written in the template, not generated at deploy time`,
      )
      continue
    }
    add('info', place, `${known.what}; generated at deploy time`)
  }
}
