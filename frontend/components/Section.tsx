import { Box, Container, Heading, Stack, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'

export interface SectionProps {
  /** The section's id (a fragment target); see sectionLandmark. */
  readonly id: string
  readonly heading: string
  readonly intro?: string
  /** `muted` sets the section on a light grey band, to separate it from its neighbours. */
  readonly tone?: 'plain' | 'muted'
  /** Centre the heading and intro above the content (card grids), or left-align them (prose). */
  readonly align?: 'center' | 'start'
  readonly width?: '4xl' | '7xl'
  readonly children?: ReactNode
}

/**
 * A section landmark named by its h2: the section carries `id` (a fragment target) and points at
 * its heading, whose id is `${id}-heading`. Spread `section` on the section and `heading` on its
 * h2, so every page spells the pairing the same way.
 */
export function sectionLandmark(id: string) {
  const headingId = `${id}-heading`
  return {
    section: { as: 'section', id, 'aria-labelledby': headingId },
    heading: { as: 'h2', id: headingId },
  } as const
}

/** A page section: a landmark named by its h2, in the site's standard rhythm and width. */
export function Section({
  id,
  heading,
  intro,
  tone = 'plain',
  align = 'center',
  width = '7xl',
  children,
}: SectionProps) {
  const landmark = sectionLandmark(id)
  return (
    <Box
      {...landmark.section}
      py={{ base: '14', md: '20' }}
      bg={tone === 'muted' ? 'gray.50' : undefined}
    >
      <Container maxW={width}>
        <Stack
          gap="3"
          textAlign={align}
          mb={children ? '10' : '0'}
          maxW="3xl"
          mx={align === 'center' ? 'auto' : '0'}
        >
          <Heading {...landmark.heading} size={{ base: '2xl', md: '3xl' }}>
            {heading}
          </Heading>
          {intro && (
            <Text fontSize="lg" color="gray.700">
              {intro}
            </Text>
          )}
        </Stack>
        {children}
      </Container>
    </Box>
  )
}
