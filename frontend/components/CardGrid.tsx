import { Box, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { Icon, type IconName } from './icon-set.tsx'

export interface Card {
  readonly title: string
  readonly description: string
  readonly icon?: IconName
}

export interface CardGridProps {
  readonly cards: readonly Card[]
  /** Columns from the large breakpoint up (one on phones, two on tablets). */
  readonly columns?: 2 | 3 | 4
}

/** A list of cards (icon, h3 title, description): values, benefits, platforms, features. */
export function CardGrid({ cards, columns = 3 }: CardGridProps) {
  return (
    <SimpleGrid as="ul" columns={{ base: 1, md: 2, lg: columns }} gap="6">
      {cards.map((card) => (
        <Stack
          as="li"
          key={card.title}
          gap="3"
          p="6"
          bg="white"
          borderWidth="1px"
          borderColor="gray.200"
          rounded="xl"
          boxShadow="sm"
        >
          {card.icon && (
            <Box
              color="brand.fg"
              bg="brand.subtle"
              boxSize="12"
              rounded="lg"
              display="flex"
              alignItems="center"
              justifyContent="center"
            >
              <Icon name={card.icon} />
            </Box>
          )}
          <Heading as="h3" size="lg">
            {card.title}
          </Heading>
          <Text color="gray.700">{card.description}</Text>
        </Stack>
      ))}
    </SimpleGrid>
  )
}
