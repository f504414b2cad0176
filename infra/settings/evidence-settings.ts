import { z } from 'zod'
import { optionalCount, optionalEmail, type Parsed } from './values.ts'

/** How long auditors' evidence of the retention policy is kept unchangeable, unless a stage says. */
export const DEFAULT_EVIDENCE_RETENTION_YEARS = 6

/** The monthly retention evidence: who receives it, and how long it is kept. */
export interface EvidenceSettings {
  /**
   * Who receives the monthly retention report (an auditor, or the agency's compliance inbox).
   * @default the stage's agencyEmail
   */
  readonly auditEmail?: string
  /**
   * Years each monthly report is kept under S3 Object Lock in compliance mode: nobody, the
   * account's root included, can delete or change it before then, and the retention cannot be
   * shortened once set.
   * @default DEFAULT_EVIDENCE_RETENTION_YEARS, 6 (UK limitation period for claims)
   */
  readonly evidenceRetentionYears?: number
}

export const evidenceSettingsShape = {
  auditEmail: optionalEmail('auditEmail'),
  evidenceRetentionYears: optionalCount('evidenceRetentionYears').pipe(
    z.number().max(100, 'evidenceRetentionYears must be at most 100').optional(),
  ),
}

export interface EvidenceConfig {
  readonly auditEmail: string
  readonly evidenceRetentionYears: number
}

export function evidenceConfig(
  s: Parsed<typeof evidenceSettingsShape>,
  agencyEmail: string,
): EvidenceConfig {
  return {
    auditEmail: s.auditEmail ?? agencyEmail,
    evidenceRetentionYears: s.evidenceRetentionYears ?? DEFAULT_EVIDENCE_RETENTION_YEARS,
  }
}
