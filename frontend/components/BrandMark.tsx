import { Box } from '@chakra-ui/react'
import { siFacebook, siInstagram, siTiktok, siX, siYoutube } from 'simple-icons'
import { Tile } from './Tile.tsx'

/**
 * The platforms' own marks, from the `simple-icons` package. Pages are prerendered, so each path
 * is inlined into the HTML at build time: nothing is fetched, from this origin or another.
 * Each mark is drawn in one colour its owner's usage rules allow for the icon on its own.
 */
const marks = {
  facebook: { icon: siFacebook, colour: `#${siFacebook.hex}` },
  // Instagram's glyph alone is shown in black or white (the gradient is for the full-colour app icon).
  instagram: { icon: siInstagram, colour: '#000000' },
  x: { icon: siX, colour: `#${siX.hex}` },
  tiktok: { icon: siTiktok, colour: `#${siTiktok.hex}` },
  youtube: { icon: siYoutube, colour: `#${siYoutube.hex}` },
} as const

export type BrandName = keyof typeof marks

/** A platform's mark on a white tile, named for assistive technology ("Facebook logo"). */
export function BrandMark({ name, label }: { readonly name: BrandName; readonly label: string }) {
  const { icon, colour } = marks[name]
  return (
    <Tile bg="white" borderWidth="1px" borderColor="gray.200">
      <svg
        role="img"
        aria-label={label}
        data-brand={name}
        width="28"
        height="28"
        viewBox="0 0 24 24"
        fill={colour}
      >
        <path d={icon.path} />
      </svg>
    </Tile>
  )
}

/**
 * A neutral text badge for a platform whose mark no maintained icon set carries (its owner asked
 * for it to be withdrawn): the platform's name in words, never an imitation of its logo.
 */
export function BrandBadge({ label }: { readonly label: string }) {
  return (
    <Box
      data-brand-badge=""
      alignSelf="flex-start"
      minH="12"
      px="3"
      rounded="lg"
      borderWidth="1px"
      borderColor="gray.300"
      bg="gray.50"
      color="gray.800"
      fontSize="sm"
      fontWeight="semibold"
      display="flex"
      alignItems="center"
    >
      {label}
    </Box>
  )
}
