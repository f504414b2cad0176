import { Grid } from '@chakra-ui/react'
import { Card, type CardContent } from './Card.tsx'
import { Section, type SectionProps } from './Section.tsx'

export interface CardGridProps {
  readonly cards: readonly CardContent[]
  /** Columns from the large breakpoint up (one on phones, two on tablets). */
  readonly columns?: 2 | 3 | 4
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b))

/**
 * How `count` cards fill rows of `columns` without leaving an empty slot: the grid is cut into
 * `tracks` equal columns; a card spans `span` of them, and each card of a short last row spans
 * `lastSpan`, so that row is shared out evenly (five cards in threes: three, then two halves).
 */
export function rowFill(count: number, columns: number) {
  const remainder = count % columns
  if (remainder === 0) return { tracks: columns, span: 1, lastSpan: 1, remainder }
  const tracks = (columns * remainder) / gcd(columns, remainder)
  return { tracks, span: tracks / columns, lastSpan: tracks / remainder, remainder }
}

/** Grid tracks and card spans for one breakpoint, as CSS. */
function layout(count: number, columns: number) {
  const { tracks, span, lastSpan, remainder } = rowFill(count, columns)
  return {
    gridTemplateColumns: `repeat(${tracks}, minmax(0, 1fr))`,
    '& > li': { gridColumn: `span ${span}` },
    ...(remainder > 0 && {
      [`& > li:nth-last-child(-n + ${remainder})`]: { gridColumn: `span ${lastSpan}` },
    }),
  }
}

/** A list of cards (icon, h3 title, description): values, benefits, platforms, features. */
export function CardGrid({ cards, columns = 3 }: CardGridProps) {
  return (
    <Grid
      as="ul"
      gap="6"
      css={{
        gridTemplateColumns: 'minmax(0, 1fr)',
        // Disjoint ranges, so a short-row rule of the two-column layout (more specific than
        // the plain `& > li`) never outlives its breakpoint.
        mdOnly: layout(cards.length, 2),
        lg: layout(cards.length, columns),
      }}
    >
      {cards.map((card) => (
        <Card key={card.title} {...card} />
      ))}
    </Grid>
  )
}

/** A card section's copy, as a content module writes it: its heading, an intro and its cards. */
export interface CardSectionContent extends Pick<CardGridProps, 'cards'> {
  readonly heading: string
  readonly intro?: string
}

interface CardSectionProps
  extends Pick<CardGridProps, 'columns'>,
    Pick<SectionProps, 'id' | 'tone'> {
  readonly content: CardSectionContent
}

/** A page section of cards under its heading and intro: most pages' card lists are one. */
export function CardSection({ id, tone, columns, content }: CardSectionProps) {
  return (
    <Section id={id} heading={content.heading} intro={content.intro} tone={tone}>
      <CardGrid cards={content.cards} columns={columns} />
    </Section>
  )
}
