import { type Add, days } from './finding.ts'
import type { RetentionPolicy } from './policy.ts'
import type { Cfn, ResourcePool } from './template-pool.ts'

/** AWS Backup: how long each plan's rules keep recovery points. */
export function auditBackupPlans(pool: ResourcePool, policy: RetentionPolicy, add: Add) {
  for (const { key, props } of pool.ofType('AWS::Backup::BackupPlan')) {
    const rules = (props.BackupPlan?.BackupPlanRule ?? []) as Cfn[]
    for (const rule of rules) {
      const keep = rule.Lifecycle?.DeleteAfterDays
      add(
        keep !== undefined && Number(keep) <= policy.backupDaysMax ? 'pass' : 'fail',
        `AWS Backup plan ${key}, rule ${rule.RuleName}`,
        keep === undefined
          ? 'recovery points are never deleted'
          : `recovery points deleted after ${days(Number(keep))} (limit ${days(policy.backupDaysMax)})`,
      )
      // A copy action keeps a second recovery point, in another vault (often another account
      // or region), by its own lifecycle: read as a backup of its own.
      for (const copy of (rule.CopyActions ?? []) as Cfn[]) {
        const copyKeep = copy.Lifecycle?.DeleteAfterDays
        const vault = pool.target(copy.DestinationBackupVaultArn, key)
        const within = copyKeep !== undefined && Number(copyKeep) <= policy.backupDaysMax
        add(
          within && vault ? 'pass' : 'fail',
          `AWS Backup plan ${key}, rule ${rule.RuleName}, copy to ${vault ?? JSON.stringify(copy.DestinationBackupVaultArn)}`,
          `${copyKeep === undefined ? 'copies kept for ever (no lifecycle of their own)' : `copies deleted after ${days(Number(copyKeep))}`} (limit ${days(policy.backupDaysMax)})${vault ? '' : ', in a vault outside these stacks whose locks and retention nobody checks'}`,
        )
      }
    }
    if (rules.length === 0) {
      add('fail', `AWS Backup plan ${key}`, 'a plan whose rules the audit cannot read')
    }
  }
}

/** AWS Backup vaults: a vault lock's minimum retention keeps every recovery point at least that long. */
export function auditBackupVaults(pool: ResourcePool, policy: RetentionPolicy, add: Add) {
  for (const { key, props } of pool.ofType('AWS::Backup::BackupVault')) {
    const minimum = props.LockConfiguration?.MinRetentionDays
    add(
      minimum === undefined || Number(minimum) <= policy.backupDaysMax ? 'info' : 'fail',
      `AWS Backup vault ${key}`,
      minimum === undefined
        ? "no vault lock: recovery points follow their plan's rules"
        : `vault lock keeps every recovery point at least ${days(Number(minimum))} (limit ${days(policy.backupDaysMax)})`,
    )
  }
}
