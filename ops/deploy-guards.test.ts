import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { deployRefusals, oneRunWarnings, sitePlaceholders } from './deploy-guards.ts'

/** A real company's identity, as the deploying environment sets it. */
const realSite = {
  SITE_URL: 'https://www.agency.co.uk',
  SITE_EMAIL: 'hello@agency.co.uk',
  SITE_PHONE: '020 3000 0000',
  SITE_REGISTERED_NAME: 'Agency Ltd',
  SITE_COMPANY_NUMBER: '12345678',
  SITE_REGISTERED_IN: 'England and Wales',
  SITE_REGISTERED_OFFICE: '2 High Street, London N1 1AA',
  SITE_ICO_NUMBER: 'ZA123456',
}
const realStage = {
  account: '210987654321',
  domainName: 'www.agency.co.uk',
  hostedZoneId: 'Z0123456789ABC',
  hostedZoneName: 'agency.co.uk',
  senderEmail: 'website@agency.co.uk',
  opsEmail: 'ops@agency.co.uk',
}

describe('what deploy and diff refuse before building anything', () => {
  it('lets a filled-in stage with a real company identity go on', () => {
    expect(deployRefusals('prod', realStage, realSite)).toEqual([])
  })

  it('refuses the template’s company details, naming each variable still unset', () => {
    const { SITE_COMPANY_NUMBER, SITE_ICO_NUMBER, ...partial } = realSite
    expect(sitePlaceholders(partial)).toEqual(['SITE_COMPANY_NUMBER', 'SITE_ICO_NUMBER'])
    expect(deployRefusals('prod', realStage, partial)).toEqual([
      expect.stringMatching(
        /^The site's identity is still the template's: set SITE_COMPANY_NUMBER, SITE_ICO_NUMBER .*"\(placeholder\)"/,
      ),
    ])
  })

  it('refuses the template’s e-mail address and drama phone number', () => {
    const template = { ...realSite, SITE_EMAIL: 'hello@elevate-digital.example' }
    expect(sitePlaceholders(template)).toEqual(['SITE_EMAIL'])
    expect(sitePlaceholders({ ...realSite, SITE_PHONE: '020 7946 0321' })).toEqual(['SITE_PHONE'])
  })

  it('refuses a stage still holding the template’s account and names', () => {
    expect(deployRefusals('staging', { ...realStage, account: '123456789012' }, realSite)).toEqual([
      'The staging stage still holds placeholders: account 123456789012. Fill them in infra/stages.ts.',
    ])
  })

  it('says a -c setting lasts one run, and only for settings (not the stage or a move)', () => {
    const warnings = oneRunWarnings('staging', [
      '-c',
      'waf=true',
      '--context=wafRateLimit=50',
      '-c',
      'migrateTable=t',
      '--require-approval',
      'never',
    ])
    expect(warnings).toHaveLength(2)
    expect(warnings[0]).toMatch(
      /^Note: -c waf=true applies to this run only\. The next `npm run deploy -- staging` without it deploys the committed setting again .* set waf in infra\/stages\.ts/,
    )
    expect(warnings[1]).toMatch(/^Note: -c wafRateLimit=50 applies to this run only/)
  })
})

describe('npm run diff', () => {
  // What `npm run diff -- …` runs, with the environment of a checkout nobody has filled in.
  const diff = (...args: string[]) =>
    promisify(execFile)(process.execPath, ['ops/deploy-cli.ts', 'diff', ...args], {
      cwd: new URL('..', import.meta.url).pathname,
      env: { PATH: process.env.PATH ?? '' },
    }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    )

  it('refuses the committed placeholder stage and the template identity, building nothing', async () => {
    const result = await diff('staging')
    expect(result.code).toBe(2)
    expect(result.stderr).toContain(
      'The staging stage still holds placeholders: account 123456789012',
    )
    expect(result.stderr).toContain(
      "The site's identity is still the template's: set SITE_REGISTERED_NAME",
    )
    expect(result.stderr).toContain('Nothing was built or sent to AWS')
  }, 30_000)
})
