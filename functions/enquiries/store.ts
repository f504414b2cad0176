import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb'
import {
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb'
import { EMAIL_PENDING, type EmailStatus, enquiryTable } from '#shared/enquiry-table.ts'
import type { SpamVerdict } from '../spam/verdict.ts'
import type { EnquiryTableRef } from './attention.ts'
import type { EmailSender, Enquiry } from './item.ts'
import { queryItems } from './query.ts'

/** The enquiries table, as the functions use it. */
export interface EnquiryStore {
  /** Writes a new enquiry; resolves `false` (writing nothing) when its id already exists. */
  create(enquiry: Enquiry, signal?: AbortSignal): Promise<boolean>
  get(id: string, signal?: AbortSignal): Promise<Enquiry | undefined>
  /**
   * Records a sent e-mail: leaves the pending index, keeps the time and SES message id. The status
   * becomes `sent` only while it is still `pending`: a delivery status SES reported first stands.
   */
  markEmailSent(
    id: string,
    at: Date,
    messageId: string | undefined,
    sentBy: EmailSender,
    signal?: AbortSignal,
  ): Promise<void>
  /** Counts a failed attempt, keeping the enquiry pending; resolves the attempts made so far. */
  recordEmailFailure(id: string, at: Date, signal?: AbortSignal): Promise<number>
  /**
   * A send whose outcome is unknown: the enquiry stays pending, its attempts uncounted, and no
   * sender may send it again before `holdUntil` (a claim that holds until then).
   */
  recordEmailUnknown(id: string, at: Date, holdUntil: Date, signal?: AbortSignal): Promise<void>
  /**
   * Claims the enquiry's e-mail for one sender until `until`: resolves `false` (writing nothing)
   * when it is no longer pending or another sender's claim is still running. A claim left by a
   * sender that stopped before recording its outcome lapses at `until`.
   */
  claimEmail(id: string, at: Date, until: Date, signal?: AbortSignal): Promise<boolean>
  /**
   * Every attempt failed: the enquiry leaves the pending index (the retry stops reading it) and
   * enters the needs-attention index, as `gave-up`, until ops requeue it or its TTL removes it.
   */
  markEmailGaveUp(id: string, at: Date, signal?: AbortSignal): Promise<void>
  /**
   * Replaces a verdict with one the repeats of its message raised (to `likely` at most), while
   * the e-mail is still owed and the enquiry not held; resolves `false` (writing nothing) otherwise.
   */
  raiseSpamVerdict(id: string, verdict: SpamVerdict, signal?: AbortSignal): Promise<boolean>
  /** When the oldest enquiry whose e-mail is still owed was created; undefined when none is. */
  oldestPendingCreatedAt(signal?: AbortSignal): Promise<string | undefined>
  /** Ids of enquiries whose e-mail is still owed, created no later than `createdBefore`, oldest first. */
  pendingEmailIds(createdBefore: Date, limit: number, signal?: AbortSignal): Promise<string[]>
}

export function createEnquiryStore(
  client: DynamoDBDocumentClient,
  tableName: string,
): EnquiryStore {
  const key = (id: string) => ({ [enquiryTable.partitionKey]: id })
  const update = (
    id: string,
    input: Omit<UpdateCommandInput, 'TableName' | 'Key'>,
    signal: AbortSignal | undefined,
  ) => updateEnquiry({ client, tableName }, id, input, signal)
  const get = async (id: string, signal?: AbortSignal) => {
    const result = await client.send(
      new GetCommand({ TableName: tableName, Key: key(id), ConsistentRead: true }),
      { abortSignal: signal },
    )
    return result.Item as Enquiry | undefined
  }
  return {
    async create(enquiry, signal) {
      return conditionalWriteApplied(
        client.send(
          new PutCommand({
            TableName: tableName,
            Item: enquiry,
            ConditionExpression: 'attribute_not_exists(#id)',
            ExpressionAttributeNames: { '#id': enquiryTable.partitionKey },
          }),
          { abortSignal: signal },
        ),
      )
    },

    get,

    async markEmailSent(id, at, messageId, sentBy, signal) {
      const names = {
        '#id': enquiryTable.partitionKey,
        '#pending': enquiryTable.pendingEmailIndex.partitionKey,
        '#claimedUntil': 'emailClaimedUntil',
        '#sentAt': 'emailSentAt',
        '#lastAttemptAt': 'emailLastAttemptAt',
        '#messageId': 'emailMessageId',
        '#attempts': 'emailAttempts',
        '#sentBy': 'emailSentBy',
      }
      const values = {
        ':at': at.toISOString(),
        ':messageId': messageId ?? 'unknown',
        ':sentBy': sentBy,
        ':one': 1,
      }
      const sendFacts =
        '#sentAt = :at, #lastAttemptAt = :at, #messageId = :messageId, #sentBy = :sentBy ADD #attempts :one'
      const recorded = await conditionalWriteApplied(
        update(
          id,
          {
            // Never recreate an enquiry erased (on request, or by TTL) while its e-mail was in
            // flight; and `sent` only over `pending`: SES's Delivery (or Bounce) event may be
            // recorded before this write, and a later fact must stand.
            ConditionExpression: 'attribute_exists(#id) AND #status = :pending',
            UpdateExpression: `REMOVE #pending, #claimedUntil SET #status = :sent, #statusAt = :at, ${sendFacts}`,
            ExpressionAttributeNames: {
              ...names,
              '#status': 'emailStatus',
              '#statusAt': 'emailStatusAt',
            },
            ExpressionAttributeValues: { ...values, ':sent': 'sent', ':pending': 'pending' },
          },
          signal,
        ),
      )
      if (recorded) return
      // A delivery status came first: the send's own facts are still recorded, the status kept.
      // Unless these very facts are there already: a try that landed with its answer lost is
      // tried again with the same time and message id, and must not count the attempt twice.
      try {
        await update(
          id,
          {
            ConditionExpression:
              'attribute_exists(#id) AND NOT (#sentAt = :at AND #messageId = :messageId)',
            UpdateExpression: `REMOVE #pending, #claimedUntil SET ${sendFacts}`,
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: values,
          },
          signal,
        )
      } catch (error) {
        // Not applied: these facts were there (done), or the enquiry was erased (fails, as above).
        if (!isConditionalCheckFailure(error) || !(await get(id, signal))) throw error
      }
    },

    async recordEmailFailure(id, at, signal) {
      const result = await update(
        id,
        {
          ConditionExpression: 'attribute_exists(#id)',
          UpdateExpression: 'REMOVE #claimedUntil SET #lastAttemptAt = :at ADD #attempts :one',
          ExpressionAttributeNames: {
            '#id': enquiryTable.partitionKey,
            '#claimedUntil': 'emailClaimedUntil',
            '#lastAttemptAt': 'emailLastAttemptAt',
            '#attempts': 'emailAttempts',
          },
          ExpressionAttributeValues: { ':at': at.toISOString(), ':one': 1 },
          ReturnValues: 'UPDATED_NEW',
        },
        signal,
      )
      return Number(result.Attributes?.emailAttempts ?? 0)
    },

    async recordEmailUnknown(id, at, holdUntil, signal) {
      await conditionalWriteApplied(
        update(
          id,
          {
            // Only while still owed: a delivery event may already have recorded it.
            ConditionExpression: 'attribute_exists(#pending)',
            UpdateExpression:
              'SET #claimedUntil = :until, #lastAttemptAt = :at, #unknownAt = :at ADD #unknown :one',
            ExpressionAttributeNames: {
              '#pending': enquiryTable.pendingEmailIndex.partitionKey,
              '#claimedUntil': 'emailClaimedUntil',
              '#lastAttemptAt': 'emailLastAttemptAt',
              '#unknownAt': 'emailOutcomeUnknownAt',
              '#unknown': 'emailOutcomesUnknown',
            },
            ExpressionAttributeValues: {
              ':at': at.toISOString(),
              ':until': holdUntil.toISOString(),
              ':one': 1,
            },
          },
          signal,
        ),
      )
    },

    async claimEmail(id, at, until, signal) {
      return conditionalWriteApplied(
        update(
          id,
          {
            ConditionExpression:
              'attribute_exists(#pending) AND (attribute_not_exists(#claimedUntil) OR #claimedUntil <= :at)',
            UpdateExpression: 'SET #claimedUntil = :until',
            ExpressionAttributeNames: {
              '#pending': enquiryTable.pendingEmailIndex.partitionKey,
              '#claimedUntil': 'emailClaimedUntil',
            },
            ExpressionAttributeValues: { ':at': at.toISOString(), ':until': until.toISOString() },
          },
          signal,
        ),
      )
    },

    async markEmailGaveUp(id, at, signal) {
      await conditionalWriteApplied(
        update(
          id,
          {
            // Only an enquiry still owed its e-mail: never undo a send recorded meanwhile.
            ConditionExpression: 'attribute_exists(#pending)',
            UpdateExpression:
              'REMOVE #pending, #claimedUntil SET #status = :gaveUp, #statusAt = :at, #attention = :gaveUp',
            ExpressionAttributeNames: {
              '#pending': enquiryTable.pendingEmailIndex.partitionKey,
              '#claimedUntil': 'emailClaimedUntil',
              '#status': 'emailStatus',
              '#statusAt': 'emailStatusAt',
              '#attention': enquiryTable.attentionIndex.partitionKey,
            },
            ExpressionAttributeValues: { ':gaveUp': 'gave-up', ':at': at.toISOString() },
          },
          signal,
        ),
      )
    },

    async raiseSpamVerdict(id, verdict, signal) {
      return conditionalWriteApplied(
        update(
          id,
          {
            ConditionExpression: 'attribute_exists(#pending) AND #level IN (:genuine, :likely)',
            UpdateExpression: 'SET #level = :level, #score = :score, #reasons = :reasons',
            ExpressionAttributeNames: {
              '#pending': enquiryTable.pendingEmailIndex.partitionKey,
              '#level': 'spamLevel',
              '#score': 'spamScore',
              '#reasons': 'spamReasons',
            },
            ExpressionAttributeValues: {
              ':genuine': 'genuine',
              ':likely': 'likely',
              ':level': verdict.level,
              ':score': verdict.score,
              ':reasons': [...verdict.reasons],
            },
          },
          signal,
        ),
      )
    },

    async oldestPendingCreatedAt(signal) {
      const index = enquiryTable.pendingEmailIndex
      const result = await client.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: index.name,
          KeyConditionExpression: '#pending = :pending',
          ExpressionAttributeNames: { '#pending': index.partitionKey },
          ExpressionAttributeValues: { ':pending': EMAIL_PENDING },
          Limit: 1,
        }),
        { abortSignal: signal },
      )
      const createdAt = result.Items?.[0]?.[index.sortKey]
      return typeof createdAt === 'string' ? createdAt : undefined
    },

    async pendingEmailIds(createdBefore, limit, signal) {
      const index = enquiryTable.pendingEmailIndex
      const ids: string[] = []
      const items = queryItems(
        client,
        {
          TableName: tableName,
          IndexName: index.name,
          KeyConditionExpression: '#pending = :pending AND #createdAt <= :before',
          ExpressionAttributeNames: { '#pending': index.partitionKey, '#createdAt': index.sortKey },
          ExpressionAttributeValues: {
            ':pending': EMAIL_PENDING,
            ':before': createdBefore.toISOString(),
          },
          Limit: limit,
        },
        signal,
      )
      for await (const item of items) {
        ids.push(String(item[enquiryTable.partitionKey]))
        if (ids.length === limit) break
      }
      return ids
    },
  }
}

/** One enquiry's item updated, abandoned when `signal` fires. */
export function updateEnquiry(
  table: EnquiryTableRef,
  id: string,
  input: Omit<UpdateCommandInput, 'TableName' | 'Key'>,
  signal?: AbortSignal,
) {
  return table.client.send(
    new UpdateCommand({
      TableName: table.tableName,
      Key: { [enquiryTable.partitionKey]: id },
      ...input,
    }),
    { abortSignal: signal },
  )
}

/** An enquiry's e-mail status, read consistently; none when there is no such enquiry. */
export async function emailStatusOf(
  table: EnquiryTableRef,
  id: string,
): Promise<EmailStatus | undefined> {
  const { Item } = await table.client.send(
    new GetCommand({
      TableName: table.tableName,
      Key: { [enquiryTable.partitionKey]: id },
      ConsistentRead: true,
      ProjectionExpression: 'emailStatus',
    }),
  )
  return Item?.emailStatus as EmailStatus | undefined
}

/**
 * Whether a conditional write applied. DynamoDB refuses one whose condition no longer holds
 * (another writer got there first, or the enquiry is gone): here that is an answer, not a
 * failure. Any other error is thrown.
 */
export async function conditionalWriteApplied(write: Promise<unknown>): Promise<boolean> {
  try {
    await write
    return true
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false
    throw error
  }
}

export function isConditionalCheckFailure(error: unknown): boolean {
  return (
    error instanceof ConditionalCheckFailedException ||
    (error instanceof Error && error.name === 'ConditionalCheckFailedException')
  )
}
