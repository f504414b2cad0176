import { describe, expect, it } from 'vitest'
import { buildEnquiry } from '#functions/enquiries/item.ts'
import { validSubmission } from '#functions/test-fixtures/test-support.ts'
import { exportDocument } from './dsar.ts'

describe('a data-subject access export', () => {
  const now = new Date('2026-11-27T09:00:00.000Z')
  const stored = buildEnquiry(
    validSubmission,
    '0d9e5a1c-7b2f-5c3d-9e4f-5a6b7c8d9e0f',
    new Date('2026-11-20T09:00:00.000Z'),
  )

  it('shows what staff did with an enquiry, and when', () => {
    const document = exportDocument(
      [
        {
          ...stored,
          staffActions: [
            { action: 'release', at: '2026-11-21T08:05:00.000Z' },
            { action: 'dismiss', at: '2026-11-22T08:05:00.000Z' },
          ],
        },
      ],
      now,
    )
    expect(document.enquiries[0]?.staffActions).toEqual([
      {
        action: 'held back as likely spam, then sent on to our inbox by our staff',
        at: '2026-11-21T08:05:00.000Z',
      },
      {
        action: 'marked by our staff as not needing an answer (kept until deleteBy, not deleted)',
        at: '2026-11-22T08:05:00.000Z',
      },
    ])
  })

  it('says nothing of staff actions when there were none', () => {
    expect(exportDocument([{ ...stored }], now).enquiries[0]).not.toHaveProperty('staffActions')
  })

  it('says when staff first answered, and that it was marked answered, never who or what', () => {
    const [exported] = exportDocument(
      [
        {
          ...stored,
          answeredAt: '2026-11-20T10:00:00.000Z',
          answeredBy: 'jane@elevate-digital.example',
          answeredVia: 'link',
          staffActions: [{ action: 'answer', at: '2026-11-20T10:00:00.000Z', by: 'link' }],
        },
      ],
      now,
    ).enquiries
    expect(exported).toMatchObject({
      answeredAt: '2026-11-20T10:00:00.000Z',
      staffActions: [
        {
          action: 'marked by our staff as answered (by phone, or in another e-mail)',
          at: '2026-11-20T10:00:00.000Z',
        },
      ],
    })
    expect(JSON.stringify(exported)).not.toContain('jane@')
  })
})
