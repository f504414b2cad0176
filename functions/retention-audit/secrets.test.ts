import { describe, expect, it } from 'vitest'
import type { Finding } from './finding.ts'
import { auditSecrets } from './secrets.ts'
import { resourcePool } from './template-pool.ts'

/** The audit's findings for a stack holding these secrets (by logical id). */
function audit(secrets: Record<string, Record<string, unknown>>): Finding[] {
  const findings: Finding[] = []
  const resources = Object.fromEntries(
    Object.entries(secrets).map(([id, props]) => [
      id,
      { Type: 'AWS::SecretsManager::Secret', Properties: props },
    ]),
  )
  auditSecrets(
    resourcePool([{ stackName: 'Site', template: { Resources: resources } }]),
    (status, place, detail) => findings.push({ status, place, detail }),
  )
  return findings
}

const generated = { GenerateSecretString: { PasswordLength: 64, ExcludePunctuation: true } }
const linkKey = {
  Description:
    'Key that signs the action links in the agency digest of the agency website (HMAC-SHA-256)',
  ...generated,
}

describe('the retention audit of the stage’s secrets', () => {
  it('knows the digest links’ signing key: no personal data, links expire within the retention', () => {
    expect(audit({ ActionLinkKey: linkKey })).toEqual([
      {
        status: 'info',
        place: 'Secrets Manager secret Site/ActionLinkKey',
        detail: expect.stringMatching(
          /signing key .*works for 30 days.*; generated at deploy time$/,
        ),
      },
    ])
  })

  it('fails a secret whose value is written in the template', () => {
    const [finding] = audit({
      ActionLinkKey: { Description: linkKey.Description, SecretString: 'not-so-secret' },
    })
    expect(finding?.status).toBe('fail')
    expect(finding?.detail).toMatch(/written in the template, not generated at deploy time/)
  })

  it('fails a secret it cannot place', () => {
    const [finding] = audit({ Stash: { Description: 'Exported enquiries', ...generated } })
    expect(finding).toEqual({
      status: 'fail',
      place: 'Secrets Manager secret Site/Stash',
      detail: expect.stringMatching(/a secret the audit cannot place/),
    })
  })
})
