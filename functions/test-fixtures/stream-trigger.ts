import type { DynamoDBStreamEvent } from 'aws-lambda'

/**
 * What the enquiries table's stream hands the sender for items written: an INSERT record per new
 * pending enquiry (the event source's filter lets no other through), keys only being read.
 */
export function streamEventOf(items: readonly Record<string, unknown>[]): DynamoDBStreamEvent {
  return {
    Records: items
      .filter((item) => item.emailPending === 'PENDING')
      .map((item, index) => ({
        eventName: 'INSERT',
        eventSource: 'aws:dynamodb',
        dynamodb: { Keys: { id: { S: String(item.id) } }, SequenceNumber: String(index + 1) },
      })),
  }
}

/** The items of the mocked puts (from `from` on) that landed: a put that threw wrote nothing. */
export async function landedPuts(
  calls: readonly { args: readonly [{ input: object }]; returnValue: unknown }[],
): Promise<Record<string, unknown>[]> {
  const landed: Record<string, unknown>[] = []
  for (const call of calls) {
    const ok = await Promise.resolve(call.returnValue).then(
      () => true,
      () => false,
    )
    const item = (call.args[0].input as { Item?: Record<string, unknown> }).Item
    if (ok && item) landed.push(item)
  }
  return landed
}
