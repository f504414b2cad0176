import { GetEmailIdentityCommand } from '@aws-sdk/client-sesv2'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import type { DeployConfig } from '#infra/stage-settings.ts'
import { TimeBudget } from './checks.ts'
import { preflight as preflightOf } from './preflight.ts'
import { runPreflight } from './preflight-cli.ts'
import { stageConfig } from './stage-command.ts'
import {
  answerAsReadyForFirstDeploy,
  mocks,
  preflightThrough,
  recorded,
  restoreAll,
} from './testing/recorded-account.ts'

/**
 * Stages that share an account: the committed staging stage deployed first, into an account
 * prod has not reached yet (a new account's first distribution is often a trial's), and a stage
 * that sends through another stage's identity (`existing`), which must wait for that stage.
 */
const { ses } = mocks
beforeEach(answerAsReadyForFirstDeploy)
afterAll(restoreAll)
const preflight = preflightThrough(runPreflight)

/** A trial stage sending through prod's domain identity, as deploy.md's example once did. */
const borrowing: DeployConfig = {
  ...stageConfig('staging', {}),
  stage: 'demo',
  stackName: 'ElevateDigital-demo',
  senderEmail: 'website@elevate-digital.example',
  senderIdentity: 'existing',
  agencyEmail: 'hello@elevate-digital.example',
  recipientIdentity: 'existing',
}
const failures = async (config: DeployConfig) =>
  (await preflightOf(config, new TimeBudget(60_000), { resolveNs: recorded.resolveNs }))
    .filter((result) => result.outcome === 'FAIL')
    .map((result) => `${result.check}: ${result.detail}`)

describe('npm run preflight for a stage beside another', () => {
  it('passes the committed staging stage in an account prod has not been deployed to', async () => {
    const { code, failed, lines } = await preflight('staging')
    expect(failed).toEqual([])
    expect(code).toBe(0)
    // Its own address identity, created by its own data stack: nothing of prod's is needed.
    expect(lines.filter((line) => /SES identity/.test(line))).toEqual([
      expect.stringMatching(
        /^PASS\s+SES identity ops@elevate-digital\.example\s+the stage creates it/,
      ),
    ])
  })

  it('tells a stage using prod’s identity to deploy prod first, while prod has not', async () => {
    expect(await failures(borrowing)).toEqual(
      ['website@elevate-digital.example', 'hello@elevate-digital.example'].map((address) =>
        expect.stringMatching(
          new RegExp(
            `^SES identity for ${address.replace('.', '\\.')}: neither .* is an identity in eu-west-2, and stage prod creates elevate-digital\\.example: deploy prod first \\(npm run deploy -- prod\\) and let it verify, then this stage; or give demo an identity of its own`,
          ),
        ),
      ),
    )
  })

  it('says prod’s identity is still verifying, then passes once it is verified', async () => {
    ses
      .on(GetEmailIdentityCommand, { EmailIdentity: 'elevate-digital.example' })
      .resolves({ IdentityType: 'DOMAIN', VerifiedForSendingStatus: false })
    expect(await failures(borrowing)).toEqual([
      expect.stringMatching(
        /^SES identity for website@elevate-digital\.example: elevate-digital\.example is not verified yet in eu-west-2, and stage prod creates elevate-digital\.example: deploy prod first/,
      ),
      expect.stringMatching(/^SES identity for hello@elevate-digital\.example: .*not verified yet/),
    ])
    ses
      .on(GetEmailIdentityCommand, { EmailIdentity: 'elevate-digital.example' })
      .resolves({ IdentityType: 'DOMAIN', VerifiedForSendingStatus: true })
    expect(await failures(borrowing)).toEqual([])
  })

  it('names no stage to wait for when none creates the identity', async () => {
    const elsewhere = { ...borrowing, senderEmail: 'web@other-company.example' }
    expect(await failures(elsewhere)).toContainEqual(
      expect.stringMatching(
        /^SES identity for web@other-company\.example: neither web@other-company\.example nor other-company\.example is an identity in eu-west-2: verify one first, or let the stage create it/,
      ),
    )
  })
})
