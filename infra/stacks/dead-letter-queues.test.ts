import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Synthesised, synthesise } from '../testing/synthesise-app.ts'

// biome-ignore lint/suspicious/noExplicitAny: synthesised CloudFormation is untyped JSON
type Cfn = any

const operations = readFileSync(new URL('../../docs/operations.md', import.meta.url), 'utf8')

describe('every queue of every committed stage (each is a dead-letter queue)', () => {
  let synth: Synthesised
  beforeAll(() => {
    synth = synthesise()
  }, 180_000)
  afterAll(() => synth?.dispose())

  it('is named by a stack output, and docs/operations.md has a runbook under that output', () => {
    const found: string[] = []
    for (const [stage, { templates }] of Object.entries(synth.stages)) {
      for (const { stackName, template } of templates) {
        const queues = Object.entries(template.Resources as Record<string, Cfn>)
          .filter(([, resource]) => resource.Type === 'AWS::SQS::Queue')
          .map(([id]) => id)
        const outputs = Object.entries((template.Outputs ?? {}) as Record<string, Cfn>)
        for (const queue of queues) {
          const named = outputs.find(([, output]) =>
            [`{"Ref":"${queue}"}`, `{"Fn::GetAtt":["${queue}",`].some((reference) =>
              JSON.stringify(output.Value).includes(reference),
            ),
          )
          expect(named, `${stage}: ${stackName}'s ${queue} has no output`).toBeDefined()
          const key = named?.[0] as string
          // What to do when its alarm fires: the runbook names the output it starts from.
          expect(operations, `docs/operations.md says nothing of ${key}`).toMatch(
            new RegExp(`### [^\\n]*\\n[\\s\\S]*\`${key}\``),
          )
          found.push(key)
        }
      }
    }
    // At least the delivery events' and the enquiry sender's, in each stage.
    expect(found).toEqual(
      expect.arrayContaining([
        'DeliveryEventsFailedQueueArn',
        'EnquirySenderFailedRecordsQueueArn',
      ]),
    )
  })
})
