import { Box, Container, Heading, Stack, Text } from '@chakra-ui/react'
import { ActionButton, type LinkAction } from './LinkButton.tsx'

export interface ClosingCtaProps {
  readonly id?: string
  readonly heading: string
  readonly text: string
  /** The block's buttons: the first stands out, the rest are outlined. */
  readonly actions: readonly LinkAction[]
}

/** The dark call-to-action block that ends a page and leads to the contact page. */
export function ClosingCta({ id = 'get-started', heading, text, actions }: ClosingCtaProps) {
  const headingId = `${id}-heading`
  return (
    <Box
      as="section"
      id={id}
      aria-labelledby={headingId}
      data-surface="dark"
      bg="brand.900"
      color="white"
      py={{ base: '16', md: '20' }}
    >
      <Container maxW="4xl" textAlign="center">
        <Heading as="h2" id={headingId} size={{ base: '2xl', md: '3xl' }} mb="4">
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
