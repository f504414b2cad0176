import { Box, Container, Heading, Stack, Text } from '@chakra-ui/react'
import { LinkButton } from '#frontend/components/LinkButton.tsx'
import { checkDetails } from './content.ts'

/**
 * Where an invalid post without JavaScript lands (303 from the API, `?fields=` naming the
 * problems). Useful on its own: it lists every field's rule and message; a few lines of script
 * then highlight the fields the address names.
 */
export default function Page() {
  return (
    <Box as="section" aria-labelledby="check-heading" py={{ base: '16', md: '24' }}>
      <Container maxW="3xl">
        <Stack gap="6">
          <Heading as="h1" id="check-heading" size="4xl">
            {checkDetails.heading}
          </Heading>
          <Text fontSize="lg" color="gray.700">
            {checkDetails.intro}
          </Text>
          <Text fontWeight="semibold" data-flag-summary="" hidden>
            {checkDetails.flaggedIntro} <span data-flag-list="" />
          </Text>
          <Heading as="h2" size="xl" mt="4">
            {checkDetails.rulesHeading}
          </Heading>
          <Stack as="ul" gap="3" listStyleType="none">
            {checkDetails.fields.map((item) => (
              <Box
                as="li"
                key={item.field}
                data-field={item.field}
                data-label={item.label}
                p="4"
                borderWidth="1px"
                borderColor="gray.200"
                borderLeftWidth="4px"
                rounded="md"
                css={{ '&[data-flagged]': { borderColor: 'red.600', bg: 'red.50' } }}
              >
                <Text fontWeight="bold">
                  {item.label}{' '}
                  <Text as="span" data-flag-note="" hidden color="red.700" fontWeight="semibold">
                    ({checkDetails.flagNote})
                  </Text>
                </Text>
                <Text color="gray.700">{item.rule}</Text>
                <Text color="gray.700" fontSize="sm">
                  Message if missing or invalid: “{item.message}”
                </Text>
              </Box>
            ))}
          </Stack>
          <Text color="gray.700" mt="4">
            {checkDetails.back.text}
          </Text>
          <Box>
            <LinkButton href={checkDetails.back.link.href}>
              {checkDetails.back.link.label}
            </LinkButton>
          </Box>
        </Stack>
      </Container>
    </Box>
  )
}
