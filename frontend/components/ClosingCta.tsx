import { Box, Container, Heading, Stack, Text } from '@chakra-ui/react'
import { ActionButton, type LinkAction } from './LinkButton.tsx'
import { sectionLandmark } from './Section.tsx'

export interface ClosingCtaProps {
  readonly id?: string
  readonly heading: string
  readonly text: string
  /** The block's buttons: the first stands out, the rest are outlined. */
  readonly actions: readonly LinkAction[]
}

/** The dark call-to-action block that ends a page and leads to the contact page. */
export function ClosingCta({ id = 'get-started', heading, text, actions }: ClosingCtaProps) {
  const landmark = sectionLandmark(id)
  return (
    <Box
      {...landmark.section}
      data-surface="dark"
      bg="brand.900"
      color="white"
      py={{ base: '16', md: '20' }}
    >
      <Container maxW="4xl" textAlign="center">
        <Heading {...landmark.heading} size={{ base: '2xl', md: '3xl' }} mb="4">
          {heading}
        </Heading>
        <Text fontSize="lg" color="gray.100" mb="8">
          {text}
        </Text>
        <Stack direction={{ base: 'column', sm: 'row' }} gap="4" justify="center">
          {actions.map((action, index) => (
            <ActionButton
              key={action.label}
              action={action}
              tone={index === 0 ? 'onDark' : 'outlineOnDark'}
            />
          ))}
        </Stack>
      </Container>
    </Box>
  )
}
