import { Box, Container, Heading, Stack, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'

export interface SectionProps {
  /** The section's id (a fragment target); its heading gets `${id}-heading`. */
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
  const headingId = `${id}-heading`
  return (
    <Box
      as="section"
      id={id}
      aria-labelledby={headingId}
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
          <Heading as="h2" id={headingId} size={{ base: '2xl', md: '3xl' }}>
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
