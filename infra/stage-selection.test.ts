import { describe, expect, it } from 'vitest'
import { productionSiteUrl, selectStages } from './stage-selection.ts'
import type { StageSettings } from './stage-settings.ts'

const committed: Record<string, StageSettings> = {
  prod: {
    domainName: 'www.agency.example',
    hostedZoneId: 'Z0123456789ABC',
    hostedZoneName: 'agency.example',
    senderEmail: 'web@agency.example',
    waf: true,
  },
  trial: { senderEmail: 'web@agency.example', senderIdentity: 'existing' },
}
const env = { SITE_URL: 'https://www.agency.example' }

describe('selectStages', () => {
  it('synthesises every committed stage, or the one -c stage names', () => {
    expect(selectStages(committed, {}, env).configs.map((c) => c.stage)).toEqual(['prod', 'trial'])
    expect(selectStages(committed, { stage: 'trial' }, env).configs.map((c) => c.stage)).toEqual([
      'trial',
    ])
  })

  it('names the committed stages when asked for another, and says how to add one', () => {
    expect(() => selectStages(committed, { stage: 'demo' }, env)).toThrow(
      'the committed stages are prod, trial (infra/stages.ts); a new stage is one entry there',
    )
  })

  it('refuses settings without a stage to apply them to', () => {
    expect(() => selectStages(committed, { waf: 'true' }, env)).toThrow(
      'waf: name the stage they are for with -c stage=NAME',
    )
  })

  it('applies an override that adds, and refuses one that takes away, naming the loss', () => {
    const [trial] = selectStages(committed, { stage: 'trial', waf: 'true' }, env).configs
    expect(trial?.waf).toEqual({ rateLimit: 20 })
    expect(() => selectStages(committed, { stage: 'prod', waf: '' }, env)).toThrow(
      /Refused: -c waf= for stage prod:\n- it would remove the WAF web ACL: the API's per-IP rate limit/,
    )
  })

  it('refuses an override that blanks or changes the alarm e-mail address, naming the loss', () => {
    const watched = { ...committed, prod: { ...committed.prod, opsEmail: 'ops@agency.example' } }
    for (const opsEmail of ['', 'someone-else@agency.example']) {
      expect(() => selectStages(watched, { stage: 'prod', opsEmail }, env)).toThrow(
        `Refused: -c opsEmail=${opsEmail} for stage prod:\n- it would remove the alarm e-mails to ops@agency.example: both alarm topics would lose that subscription`,
      )
    }
    // A stage with no subscription may be given one for a run.
    const [trial] = selectStages(
      watched,
      { stage: 'trial', opsEmail: 'ops@agency.example' },
      env,
    ).configs
    expect(trial?.opsEmail).toBe('ops@agency.example')
  })

  it('takes a digest schedule from the committed settings, or for one run from -c', () => {
    const scheduled = { ...committed, trial: { ...committed.trial, digestSchedule: 'rate(1 day)' } }
    const [prod, trial] = selectStages(scheduled, {}, env).configs
    expect(prod?.digestSchedule).toBe('cron(0 8 * * ? *)')
    expect(trial?.digestSchedule).toBe('rate(1 day)')
    const [once] = selectStages(
      scheduled,
      { stage: 'prod', digestSchedule: 'cron(30 7 ? * MON-FRI *)' },
      env,
    ).configs
    expect(once?.digestSchedule).toBe('cron(30 7 ? * MON-FRI *)')
    expect(() =>
      selectStages(scheduled, { stage: 'prod', digestSchedule: 'rate(1 minute)' }, env),
    ).toThrow(/digestSchedule: an EventBridge schedule in UTC, at most hourly/)
  })

  it('takes an override that names what the stage already has', () => {
    const [prod] = selectStages(
      committed,
      { stage: 'prod', apiDomainName: 'api.agency.example', waf: 'TRUE' },
      env,
    ).configs
    expect(prod?.domain?.api.domainName).toBe('api.agency.example')
    expect(prod?.waf).toEqual({ rateLimit: 20 })
  })

  it('ties the build to the production domain: SITE_URL must name it', () => {
    expect(productionSiteUrl(committed)).toBe('https://www.agency.example')
    expect(() => selectStages(committed, {}, { SITE_URL: 'https://other.example' })).toThrow(
      "SITE_URL's host other.example is not the prod stage's domain www.agency.example",
    )
    // A trial stage's own domain is no concern of the build: its copy points at the live site.
    expect(productionSiteUrl({ trial: committed.trial as StageSettings })).toBeUndefined()
  })

  it('takes the names of an existing deployment’s table and buckets for its one-time move', () => {
    const names = {
      migrateTable: 'ElevateDigital-EnquiriesTable7DAAED76-1ABC',
      migrateSiteBucket: 'elevatedigital-sitebucket978d4aeb-xyz',
      migrateLogBucket: 'elevatedigital-sitelogbucket150ddc0f-xyz',
    }
    expect(selectStages(committed, { stage: 'prod', ...names }, env).migration).toEqual({
      tableName: names.migrateTable,
      siteBucketName: names.migrateSiteBucket,
      logBucketName: names.migrateLogBucket,
    })
    expect(() => selectStages(committed, names, env)).toThrow(
      'name the stage being moved with -c stage=NAME',
    )
    expect(() =>
      selectStages(committed, { stage: 'prod', migrateTable: names.migrateTable }, env),
    ).toThrow('migrateSiteBucket is missing')
  })
})
