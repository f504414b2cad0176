import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type StageRecord, stageDnsRecords } from './dns-records.ts'
import { selectStages } from './stage-selection.ts'
import type { StageSettings } from './stage-settings.ts'
import { stages as committed } from './stages.ts'
import { combinations, siteEnv } from './testing/configurations.ts'
import { configurationOf } from './testing/synth-cache.ts'
import { type StackTemplate, type Synthesised, synthesise } from './testing/synthesise-app.ts'

// biome-ignore lint/suspicious/noExplicitAny: synthesised CloudFormation is untyped JSON
type Cfn = any

/** Every Route 53 record set of a stage's templates: its name (a string when known) and type. */
function recordSets(templates: readonly StackTemplate[]): { name: unknown; type: string }[] {
  return templates.flatMap(({ template }) =>
    Object.values(template.Resources as Record<string, Cfn>)
      .filter((resource) => resource.Type === 'AWS::Route53::RecordSet')
      .map((resource) => ({ name: resource.Properties.Name, type: resource.Properties.Type })),
  )
}

/** A DKIM CNAME of an SES domain identity: named by SES, through the identity's attribute. */
const isDkimRecord = (set: { name: unknown; type: string }) =>
  set.type === 'CNAME' && /DkimDNSTokenName[123]/.test(JSON.stringify(set.name))

const key = (name: string, type: string) => `${type} ${name.toLowerCase().replace(/\.$/, '')}`

/**
 * What a stage's templates write into its zone that stageDnsRecords does not list (preflight
 * would not look for it), and what it lists that no template writes.
 */
function compare(templates: readonly StackTemplate[], listed: readonly StageRecord[]) {
  const sets = recordSets(templates).filter((set) => !isDkimRecord(set))
  const written = sets.map((set) =>
    typeof set.name === 'string'
      ? key(set.name, set.type)
      : `${set.type} ${JSON.stringify(set.name)}`,
  )
  const planned = listed.map((record) => key(record.name, record.type))
  return {
    unlisted: written.filter((record) => !planned.includes(record)),
    unwritten: planned.filter((record) => !written.includes(record)),
  }
}

const configOf = (stages: Record<string, StageSettings>, stage: string) =>
  selectStages(stages, { stage }, configurationOf({ stages }).env).configs[0] as Parameters<
    typeof stageDnsRecords
  >[0]

describe('the records each stage writes into its hosted zone', () => {
  const syntheses: Record<string, Synthesised> = {}
  beforeAll(() => {
    syntheses.committed = synthesise()
    syntheses.hostedZone = synthesise({ stages: combinations.hostedZone, env: siteEnv })
  }, 180_000)
  afterAll(() => {
    for (const synth of Object.values(syntheses)) synth.dispose()
  })

  it('are exactly the ones preflight checks, in every committed stage and a zone of its own', () => {
    const cases = [
      ...Object.keys(committed).map((stage) => ({
        stage,
        synth: syntheses.committed,
        settings: committed as Record<string, StageSettings>,
      })),
      { stage: 'prod', synth: syntheses.hostedZone, settings: combinations.hostedZone },
    ]
    let records = 0
    for (const { stage, synth, settings } of cases) {
      const templates = synth?.stages[stage]?.templates ?? []
      const listed = stageDnsRecords(configOf(settings, stage))
      expect(compare(templates, listed), stage).toEqual({ unlisted: [], unwritten: [] })
      records += listed.length
    }
    // prod writes its site's, its API's, its reply subdomain's, its MAIL FROM host's and its DMARC
    // records.
    expect(records).toBeGreaterThanOrEqual(12)
  })

  it('would name a record a construct wrote without listing it (a TXT to verify a new service)', () => {
    const config = configOf(committed, 'prod')
    const listed = stageDnsRecords(config)
    const withReceiving: StackTemplate[] = [
      {
        stackName: 'ElevateDigital-Data',
        template: {
          Resources: {
            Verification: {
              Type: 'AWS::Route53::RecordSet',
              Properties: { Name: '_verify.elevate-digital.example.', Type: 'TXT' },
            },
            ...Object.fromEntries(
              listed.map((record, index) => [
                `Listed${index}`,
                {
                  Type: 'AWS::Route53::RecordSet',
                  Properties: { Name: `${record.name}.`, Type: record.type },
                },
              ]),
            ),
          },
        },
      },
    ]
    expect(compare(withReceiving, listed)).toEqual({
      unlisted: ['TXT _verify.elevate-digital.example'],
      unwritten: [],
    })
  })
})
