import { describe, expect, it } from 'vitest'
import { retentionPolicy } from '#functions/retention-audit/policy.ts'
import { auditTemplates } from '#functions/retention-audit/resources.ts'
import type { StackTemplate } from '#functions/retention-audit/template-pool.ts'
import { combinations, siteEnv } from '#infra/testing/configurations.ts'
import { synthesise } from '#infra/testing/synthesise-app.ts'

/**
 * What SES receiving keeps of the replies it receives (reply detection): nothing of a message,
 * as long as its rules hand the message to nothing that stores it.
 */
const lines = (stacks: readonly StackTemplate[]) =>
  auditTemplates(stacks, retentionPolicy).map(
    ({ status, place, detail }) => `${status} ${place}: ${detail}`,
  )
const rule = (actions: Record<string, unknown>[]) => [
  {
    stackName: 'Stack',
    template: {
      Resources: {
        Set: { Type: 'AWS::SES::ReceiptRuleSet', Properties: {} },
        Rule: { Type: 'AWS::SES::ReceiptRule', Properties: { Rule: { Actions: actions } } },
      },
    },
  },
]

describe('the retention audit on SES receiving', () => {
  it('passes the stage’s own rule: headers to a function, no copy of any message', () => {
    // A stage with a hosted zone in a region where SES receives mail has reply detection.
    const { templates } = synthesise({ stages: combinations.hostedZone, env: siteEnv })
    const receiving = lines(templates).filter((line) => / SES receipt rule/.test(line))
    expect(receiving).toEqual([
      expect.stringMatching(
        /^info SES receipt rule set .*: receipt rules only: it holds no message$/,
      ),
      expect.stringMatching(
        /^info SES receipt rule .*: received mail goes to LambdaAction only: no copy of a message \(body or headers\) is stored/,
      ),
    ])
  })

  it('fails a rule that would keep messages: an S3 copy, an SNS or WorkMail hand-over', () => {
    for (const action of ['S3Action', 'SNSAction', 'WorkmailAction']) {
      expect(lines(rule([{ LambdaAction: {} }, { [action]: {} }]))).toContainEqual(
        expect.stringMatching(
          new RegExp(`^fail SES receipt rule Stack/Rule: received mail .* goes to ${action},`),
        ),
      )
    }
    expect(
      lines(rule([{ LambdaAction: {} }, { StopAction: {} }])).filter((l) => l.startsWith('fail')),
    ).toEqual([])
  })
})
