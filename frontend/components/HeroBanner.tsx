import { Box, Container, Heading, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import { type ArtworkFamily, artworkFamilyFor } from '../page-families.ts'
import { artworkSvg } from './artwork.ts'

/** The dark wash over the artwork, behind the text. */
const scrim = 'rgba(8, 15, 45, 0.88)'

export interface HeroBannerProps {
  readonly title: string
  readonly subtitle?: string
  /** Background artwork; the page family's (by the page's path) when omitted. */
  readonly artwork?: ArtworkFamily
  /** Fill the viewport below the navigation bar (the home page). */
  readonly fullScreen?: boolean
  readonly children?: ReactNode
}

export function HeroBanner({
  title,
  subtitle,
  artwork,
  fullScreen = false,
  children,
}: HeroBannerProps) {
  const { urlPathname } = usePageContext()
  const family = artwork ?? artworkFamilyFor(urlPathname)
  return (
    <Box
      as="section"
      aria-label={title}
      position="relative"
      overflow="hidden"
      color="white"
      data-surface="dark"
      bg="brand.900"
      display="flex"
      alignItems="center"
      minH={fullScreen ? 'calc(100svh - 5rem)' : { base: '18rem', md: '22rem' }}
      py={{ base: '16', md: '20' }}
    >
      <Box
        position="absolute"
        inset="0"
        data-artwork={family}
        // Inline, the artwork paints with the heading, in the HTML's first round trip: a file
        // would be fetched a round trip later and become the page's largest paint.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: our own SVG, built from constants, no input.
        dangerouslySetInnerHTML={{ __html: artworkSvg(family) }}
      />
      <Box
        position="absolute"
        inset="0"
        // The scrim is at its darkest under the text column and lightens only beyond it, so body
        // text keeps 4.5:1 over the brightest point of any scene at every width: the column
        // ends at 48rem plus the container's padding (at most 50% + 16rem on a wide screen),
        // and spans the whole width on a phone.
        bgImage={`linear-gradient(to right, ${scrim} 0, ${scrim} max(50% + 16rem, min(100%, 52rem)), rgba(8, 15, 45, 0.55) 100%)`}
      />
      <Container maxW="7xl" position="relative">
        <Box maxW="3xl">
          <Heading
            as="h1"
            size={{ base: '4xl', md: fullScreen ? '6xl' : '5xl' }}
            lineHeight="1.1"
            mb="5"
          >
            {title}
          </Heading>
          {subtitle && (
            <Text fontSize={{ base: 'lg', md: 'xl' }} color="gray.100" mb={children ? '8' : '0'}>
              {subtitle}
            </Text>
          )}
          {children}
        </Box>
      </Container>
    </Box>
  )
}
