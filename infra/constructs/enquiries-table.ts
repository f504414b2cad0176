import { RemovalPolicy } from 'aws-cdk-lib'
import {
  AttributeType,
  Billing,
  type ITableV2,
  ProjectionType,
  StreamViewType,
  TableEncryptionV2,
  TableV2,
} from 'aws-cdk-lib/aws-dynamodb'
import { Construct } from 'constructs'
import { enquiryIndexes, enquiryTable } from '#shared/enquiry-table.ts'

/**
 * What the table's stream carries: each record's new image, which the enquiry sender's filter
 * reads (`newPendingEnquiryFilter`). Ops' stream step of a migration sets it (ops/table-migration.ts).
 */
export const enquiryStreamViewType = StreamViewType.NEW_IMAGE

export interface EnquiriesTableProps {
  /**
   * How far back the table can be restored. Restores bring back items that TTL or an erasure
   * request has since deleted, so this window is part of what the privacy policy promises.
   * @default 35 (days, the DynamoDB maximum)
   */
  readonly pointInTimeRecoveryDays?: number
}

/**
 * Where enquiries live. Keys, TTL attribute and index names come from the shared contract the
 * functions and the local stack use; the TTL deletes every item 3 years after it was created.
 */
export class EnquiriesTable extends Construct {
  readonly table: ITableV2

  constructor(scope: Construct, id: string, props: EnquiriesTableProps = {}) {
    super(scope, id)
    this.table = new TableV2(this, 'Table', {
      partitionKey: { name: enquiryTable.partitionKey, type: AttributeType.STRING },
      billing: Billing.onDemand(),
      timeToLiveAttribute: enquiryTable.ttlAttribute,
      pointInTimeRecoverySpecification: {
        pointInTimeRecoveryEnabled: true,
        recoveryPeriodInDays: props.pointInTimeRecoveryDays ?? 35,
      },
      // The AWS-managed key: encrypted with KMS and visible in CloudTrail, with no key policy to keep.
      encryption: TableEncryptionV2.awsManagedKey(),
      deletionProtection: true,
      // Each new enquiry's image starts the enquiry sender (docs/decisions/0034): its e-mail is
      // sent without the visitor waiting for it.
      dynamoStream: enquiryStreamViewType,
      // Retained once it exists; a first create that fails deletes it (RetainExceptOnCreate), so
      // a retry does not leave an empty, deletion-protected table beside the new one.
      removalPolicy: RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE,
      globalSecondaryIndexes: enquiryIndexes.map((index) => ({
        indexName: index.name,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        ...(index.sortKey ? { sortKey: { name: index.sortKey, type: AttributeType.STRING } } : {}),
        projectionType: ProjectionType[index.projection],
      })),
    })
  }
}
