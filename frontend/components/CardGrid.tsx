import { SimpleGrid } from '@chakra-ui/react'
import { Card, type CardContent } from './Card.tsx'

export interface CardGridProps {
  readonly cards: readonly CardContent[]
  /** Columns from the large breakpoint up (one on phones, two on tablets). */
  readonly columns?: 2 | 3 | 4
}

/** A list of cards (icon, h3 title, description): values, benefits, platforms, features. */
export function CardGrid({ cards, columns = 3 }: CardGridProps) {
  return (
    <SimpleGrid as="ul" columns={{ base: 1, md: 2, lg: columns }} gap="6">
      {cards.map((card) => (
        <Card key={card.title} {...card} />
      ))}
    </SimpleGrid>
  )
}
