import { describe, expect, it } from 'vitest'
import { loadFunctionConfig } from './config.ts'

const env = {
  ENQUIRIES_TABLE: 'EnquiriesTable-ABC123',
  SENDER_EMAIL: 'website@elevate-digital.example',
  AGENCY_EMAIL: 'hello@elevate-digital.example',
  AWS_REGION: 'eu-west-2',
}

describe('function configuration', () => {
  it('reads the CDK stack’s environment, without endpoints in AWS', () => {
    expect(loadFunctionConfig(env)).toEqual({
      enquiriesTable: 'EnquiriesTable-ABC123',
      senderEmail: 'website@elevate-digital.example',
      agencyEmail: 'hello@elevate-digital.example',
      region: 'eu-west-2',
      dynamoDbEndpoint: undefined,
      sesEndpoint: undefined,
      sesConfigurationSet: undefined,
      stage: 'local',
    })
  })

  it('takes the SES configuration set and the stage the CDK stack names', () => {
    const config = loadFunctionConfig({
      ...env,
      SES_CONFIGURATION_SET: 'DeliveryEvents-ABC',
      STAGE: 'ElevateDigitalSite',
    })
    expect(config.sesConfigurationSet).toBe('DeliveryEvents-ABC')
    expect(config.stage).toBe('ElevateDigitalSite')
  })

  it('takes emulator endpoints when they are set', () => {
    const config = loadFunctionConfig({
      ...env,
      DYNAMODB_ENDPOINT: 'http://127.0.0.1:8000',
      SES_ENDPOINT: 'http://127.0.0.1:8005',
    })
    expect(config.dynamoDbEndpoint).toBe('http://127.0.0.1:8000')
    expect(config.sesEndpoint).toBe('http://127.0.0.1:8005')
  })

  it('fails fast, naming every missing variable', () => {
    expect(() => loadFunctionConfig({ AWS_REGION: 'eu-west-2', SENDER_EMAIL: ' ' })).toThrow(
      'Invalid function configuration:\n- ENQUIRIES_TABLE is required\n- SENDER_EMAIL is required\n- AGENCY_EMAIL is required',
    )
  })

  it('names malformed values', () => {
    expect(() =>
      loadFunctionConfig({ ...env, AGENCY_EMAIL: 'agency', DYNAMODB_ENDPOINT: 'localhost:8000' }),
    ).toThrow(
      /- AGENCY_EMAIL must be an e-mail address\n- DYNAMODB_ENDPOINT must be an http\(s\) URL/,
    )
  })

  it('reads the staff settings: time zone, reply domain, link key, reminder, weekly summary', () => {
    const config = loadFunctionConfig({
      ...env,
      AGENCY_TIME_ZONE: 'Europe/London',
      REPLY_DOMAIN: 'replies.elevate-digital.example',
      ACTION_LINK_KEY: 'k'.repeat(32),
      REMINDER_AFTER_HOURS: '20',
      WEEKLY_SUMMARY_TO: 'director@elevate-digital.example',
    })
    expect(config).toMatchObject({
      agencyTimeZone: 'Europe/London',
      replyDomain: 'replies.elevate-digital.example',
      actionLinkKey: 'k'.repeat(32),
      reminderAfterHours: 20,
      weeklySummaryTo: 'director@elevate-digital.example',
    })
    expect(() =>
      loadFunctionConfig({ ...env, AGENCY_TIME_ZONE: 'Europe/Londn', REMINDER_AFTER_HOURS: '30' }),
    ).toThrow(
      /- AGENCY_TIME_ZONE must be a time zone, e.g. Europe\/London\n- REMINDER_AFTER_HOURS must be a whole number of hours from 1 to 23/,
    )
  })
})
