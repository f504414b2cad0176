import { Heading, Stack, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { BrandBadge, BrandMark, type BrandName } from './BrandMark.tsx'
import { cardSurface } from './card-surface.ts'
import { Icon, type IconName } from './Icon.tsx'
import { Tile } from './Tile.tsx'

/** What a card says: values, benefits, platforms, features, services. */
export interface CardContent {
  readonly title: string
  readonly description: string
  readonly icon?: IconName
  /** A platform's own mark instead of an icon, with its accessible name ("Facebook logo"). */
  readonly mark?: { readonly brand: BrandName; readonly label: string }
  /** A platform's name as a text badge, for a platform whose mark no icon set carries. */
  readonly badge?: string
}

export interface CardProps extends CardContent {
  /** What follows the description: a check list, a link. */
  readonly children?: ReactNode
}

/** One card of a grid, as a list item: an icon on a tinted tile, an h3 title, a description. */
export function Card({ icon, mark, badge, title, description, children }: CardProps) {
  return (
    <Stack as="li" gap="4" p="6" {...cardSurface} boxShadow="sm">
      {icon && <IconTile name={icon} />}
      {mark && <BrandMark name={mark.brand} label={mark.label} />}
      {badge && <BrandBadge label={badge} />}
      <Heading as="h3" size="lg">
        {title}
      </Heading>
      <Text color="gray.700">{description}</Text>
      {children}
    </Stack>
  )
}

/** An icon on a tinted square: the mark beside a card's title or a contact detail. */
export function IconTile({ name }: { readonly name: IconName }) {
  return (
    <Tile color="brand.fg" bg="brand.subtle">
      <Icon name={name} />
    </Tile>
  )
}
