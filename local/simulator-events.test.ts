import { describe, expect, it } from 'vitest'
import { simulatedDeliveryOf } from './simulator-events.ts'

const id = '0d9e5a1c-7b2f-4c3d-9e4f-5a6b7c8d9e0f'
const sent = (to: string[], configurationSet = 'local-delivery-events') => ({
  ConfigurationSetName: configurationSet,
  Destination: { ToAddresses: to },
  Tags: [{ Name: 'enquiry-id', Value: id }],
})

describe('the local stand-in for SES’s mailbox simulator', () => {
  it('reports a delivery for mail to the simulator sent with the configuration set, by its tag', () => {
    expect(
      simulatedDeliveryOf(sent(['success@simulator.amazonses.com']), 'local-delivery-events'),
    ).toBe(id)
    expect(
      simulatedDeliveryOf(sent(['Success@Simulator.AmazonSES.com']), 'local-delivery-events'),
    ).toBe(id)
  })

  it('reports nothing for a real inbox, a mixed list, another configuration set or no tag', () => {
    const none: [string, Parameters<typeof simulatedDeliveryOf>[0]][] = [
      ['the agency', sent(['hello@elevate-digital.example'])],
      [
        'the agency beside the simulator',
        sent(['success@simulator.amazonses.com', 'hello@elevate-digital.example']),
      ],
      ['another configuration set', sent(['success@simulator.amazonses.com'], 'other')],
      [
        'no configuration set',
        { Destination: { ToAddresses: ['success@simulator.amazonses.com'] } },
      ],
      ['no tag', { ...sent(['success@simulator.amazonses.com']), Tags: [] }],
      ['no recipient', sent([])],
    ]
    for (const [why, input] of none) {
      expect(simulatedDeliveryOf(input, 'local-delivery-events'), why).toBeUndefined()
    }
  })
})
