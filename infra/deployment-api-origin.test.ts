import { Match } from 'aws-cdk-lib/assertions'
import { describe, expect, it } from 'vitest'
import { originSecret } from '#shared/origin-secret.ts'
import {
  apiCertificateArn,
  type Cfn,
  edgeCombinations,
  functionNamed,
  resourcesOf,
  synthesiseCombinations,
} from './testing/deployment-combinations.ts'
import type { Synthesised } from './testing/synthesise-app.ts'

/**
 * The contact API reachable only through CloudFront, in every documented combination that changes
 * the way there (docs/deploy.md): a secret path and header per stage, the API's own domain.
 */
const synths = synthesiseCombinations(edgeCombinations)

/** The stage's origin secret (its other secrets sign the digest's links and mark the canary's enquiries). */
function originSecretOf(site: Parameters<typeof resourcesOf>[0]) {
  return resourcesOf(site, 'AWS::SecretsManager::Secret').find(([, secret]) =>
    /^Origin header/.test(secret.Properties.Description),
  ) as [string, Cfn]
}

/** The contact API's routes, its stage and the CloudFront origin that reaches it. */
function apiOf(synth: Synthesised) {
  const { site } = synth
  const [secretId] = originSecretOf(site)
  const secret = ['{{resolve:secretsmanager:', { Ref: secretId }, ':SecretString:::}}']
  const [, distribution] = resourcesOf(site, 'AWS::CloudFront::Distribution')[0] as [string, Cfn]
  const origins = distribution.Properties.DistributionConfig.Origins.filter(
    (origin: Cfn) => origin.CustomOriginConfig,
  )
  expect(origins).toHaveLength(1)
  const [, api] = resourcesOf(site, 'AWS::ApiGatewayV2::Api')[0] as [string, Cfn]
  const [, stage] = resourcesOf(site, 'AWS::ApiGatewayV2::Stage')[0] as [string, Cfn]
  const routeKeys = resourcesOf(site, 'AWS::ApiGatewayV2::Route').map(
    ([, route]) => route.Properties.RouteKey,
  )
  return { secretId, secret, origin: origins[0], api: api.Properties, stage, routeKeys }
}

describe('the API answers only requests that came through CloudFront', () => {
  it.each(['default', 'staging', 'waf', 'hostedZone', 'existingCertificate'] as const)(
    '%s: CloudFront sends a per-stage generated secret header the contact function checks',
    (name) => {
      const { site } = synths[name]
      const { secretId, origin } = apiOf(synths[name])
      const [, secret] = originSecretOf(site)
      expect(secret.Properties.GenerateSecretString).toMatchObject({
        PasswordLength: 48,
        ExcludePunctuation: true,
      })
      const reference = {
        'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: secretId }, ':SecretString:::}}']],
      }
      expect(origin.OriginCustomHeaders).toEqual([
        { HeaderName: originSecret.header, HeaderValue: reference },
      ])
      const contactEnv = functionNamed(site, 'ContactApiContactFunction').Environment.Variables
      expect(contactEnv[originSecret.env]).toEqual(reference)
      const retryEnv = functionNamed(site, 'ContactApiNotificationRetryFunction').Environment
        .Variables
      expect(retryEnv).not.toHaveProperty(originSecret.env)
    },
  )

  it.each(['default', 'staging', 'waf', 'hostedZone', 'existingCertificate'] as const)(
    '%s: only CloudFront’s secret path has routes, so direct calls cannot spend the form’s throttle',
    (name) => {
      const { secret, origin, stage, routeKeys } = apiOf(synths[name])
      // CloudFront prefixes every /api/* request with the secret (its origin path)…
      expect(origin.OriginPath).toEqual({
        'Fn::Join': ['', [`/${secret[0]}`, secret[1], secret[2]]],
      })
      // …and the JSON and no-JavaScript form routes, and the digest links' route, exist only
      // under it: any other path, such as /api/contacts on the API's own name, matches no route
      // and spends no route's budget.
      expect(routeKeys).toHaveLength(3)
      const paths = ['/api/contacts', '/api/contacts/form', '/api/enquiry-actions']
      for (const [key, path] of routeKeys.map((key, index) => [key, index] as const)) {
        expect(key).toEqual({
          'Fn::Join': ['', [`ANY /${secret[0]}`, secret[1], `${secret[2]}${paths[path]}`]],
        })
      }
      // The throttle applies per route, so the form's budget is CloudFront's alone.
      expect(stage.Properties.DefaultRouteSettings).toEqual({
        ThrottlingRateLimit: 5,
        ThrottlingBurstLimit: 10,
      })
    },
  )

  it('with a domain: CloudFront reaches the API on its own custom domain, the only one it has', () => {
    for (const [name, expected] of [
      ['hostedZone', 'api.elevate-digital.example'],
      ['existingCertificate', 'api.elevate-digital.example'],
    ] as const) {
      const { site } = synths[name]
      const { origin, api } = apiOf(synths[name])
      expect(api.DisableExecuteApiEndpoint).toBe(true)
      expect(origin.DomainName).toBe(expected)
      const [domainId, domain] = resourcesOf(site, 'AWS::ApiGatewayV2::DomainName')[0] as [
        string,
        Cfn,
      ]
      expect(domain.Properties.DomainName).toBe(expected)
      expect(domain.Properties.DomainNameConfigurations[0].EndpointType).toBe('REGIONAL')
      site.hasResourceProperties('AWS::ApiGatewayV2::ApiMapping', {
        DomainName: { Ref: domainId },
        Stage: Match.anyValue(),
      })
    }
    // With the zone, the certificate is issued there and the record written…
    synths.hostedZone.site.hasResourceProperties('AWS::CertificateManager::Certificate', {
      DomainName: 'api.elevate-digital.example',
      DomainValidationOptions: [
        { DomainName: 'api.elevate-digital.example', HostedZoneId: 'Z0123456789ABC' },
      ],
    })
    synths.hostedZone.site.hasResourceProperties('AWS::Route53::RecordSet', {
      Name: 'api.elevate-digital.example.',
      Type: 'A',
      AliasTarget: Match.objectLike({ DNSName: Match.anyValue() }),
    })
    // …without one, the given regional certificate is used and the record is an output.
    const { api: apiDomain } = apiOf(synths.existingCertificate)
    expect(apiDomain.DisableExecuteApiEndpoint).toBe(true)
    synths.existingCertificate.site.hasResourceProperties('AWS::ApiGatewayV2::DomainName', {
      DomainNameConfigurations: [Match.objectLike({ CertificateArn: apiCertificateArn })],
    })
    expect(Object.keys(synths.existingCertificate.site.findOutputs('*')).join()).toMatch(
      /ApiDomainTarget/,
    )
  })

  it('without a domain: the execute-api name is the origin (its routes are still secret)', () => {
    const { origin, api } = apiOf(synths.default)
    expect(api.DisableExecuteApiEndpoint).toBe(false)
    expect(origin.DomainName).toEqual({
      'Fn::Select': [
        2,
        {
          'Fn::Split': [
            '/',
            { 'Fn::GetAtt': [expect.stringMatching(/^ContactApiHttpApi/), 'ApiEndpoint'] },
          ],
        },
      ],
    })
  })
})
