import { randomUUID } from 'node:crypto'
import { injectDeliveryEvent } from '#functions/delivery-events/inject.ts'
import { createEnquiryStore } from '#functions/enquiries/store.ts'
import { silentLogger } from '#functions/log.ts'
import { createMetrics } from '#functions/metrics.ts'
import { contactApi } from '#shared/contact.ts'
import { deliveryMetricNames } from '#shared/delivery-metrics.ts'
import { sampleEnquiry } from '#shared/sample-enquiry.ts'
import type { DrillResult } from '../drill-report.ts'
import type { FaultStack } from '../fault-stack.ts'
import { check, drillEmail } from './under-load.ts'

/** SES reports a bounce for one enquiry: its status follows, and the alarm's metric moves. */
export async function bounce(stack: FaultStack): Promise<DrillResult> {
  const response = await fetch(`${stack.url}${contactApi.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify({ ...sampleEnquiry, email: drillEmail('bounce') }),
  })
  const { id } = (await response.json()) as { id: string }
  // Powertools writes the metrics as embedded-metric-format lines on stdout: read them there.
  const written: string[] = []
  const write = process.stdout.write
  process.stdout.write = ((chunk: string | Uint8Array) => {
    written.push(String(chunk))
    return true
  }) as typeof process.stdout.write
  try {
    await injectDeliveryEvent(
      {
        documentClient: stack.table,
        tableName: stack.config.enquiriesTable,
        metrics: createMetrics('delivery-events', { stage: 'drill' }),
        log: silentLogger,
      },
      'Bounce',
      id,
    )
  } finally {
    process.stdout.write = write
  }
  const item = await createEnquiryStore(stack.table, stack.config.enquiriesTable).get(id)
  const metric = deliveryMetricNames.bounced
  const moved = written.some((line) => {
    try {
      const record = JSON.parse(line) as Record<string, unknown>
      return Number(record[metric]) >= 1
    } catch {
      return false
    }
  })
  return {
    name: 'a bounce event for one enquiry',
    figures: [
      `enquiry answered ${response.status}`,
      `status ${item?.emailStatus ?? 'none'}`,
      `${metric} ${moved ? 'moved' : 'did not move'}`,
    ],
    checks: [
      check('the enquiry was stored', response.status === 201 && item !== undefined),
      check('its status becomes bounced', item?.emailStatus === 'bounced'),
      check(`the alarm's metric (${metric}) moves`, moved),
    ],
  }
}
