/** What the stack and the monthly evidence function agree on (infra/constructs/retention-evidence.ts). */

/** The variable listing the stage's stacks (JSON: `[{ stackName, region }]`). */
export const auditStacksEnv = 'AUDIT_STACKS'

/** The metric whose value is the report's FAIL count: 1 or more raises the ops alarm. */
export const RETENTION_FAILURES_METRIC = 'RetentionAuditFailures'

/** The reports' folder in the evidence bucket. */
export const evidencePrefix = 'retention-evidence/'
