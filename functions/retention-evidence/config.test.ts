import { describe, expect, it } from 'vitest'
import { loadEvidenceConfig } from './create-handler.ts'

describe('retention evidence configuration', () => {
  it('fails the init naming every missing or malformed variable', () => {
    expect(() =>
      loadEvidenceConfig({ STAGE: ' ', SENDER_EMAIL: 'website', AWS_REGION: 'eu-west-2' }),
    ).toThrow(
      'Invalid retention evidence configuration:\n- STAGE is required\n- SENDER_EMAIL must be an e-mail address\n- AUDIT_EMAIL is required\n- EVIDENCE_BUCKET is required\n- AUDIT_STACKS is required',
    )
  })
})
