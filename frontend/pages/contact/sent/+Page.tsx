import { Box, Container, Heading, Stack, Text } from '@chakra-ui/react'
import { site } from '#frontend/build-identity.ts'
import { EmailAndPhoneLinks } from '#frontend/components/EmailAndPhoneLinks.tsx'
import { Icon } from '#frontend/components/Icon.tsx'
import { LinkButton } from '#frontend/components/LinkButton.tsx'
import { sent } from './content.ts'

/** Where the form lands after a successful post without JavaScript (303 from the API). */
export default function Page() {
  return (
    <Box as="section" aria-labelledby="sent-heading" py={{ base: '16', md: '24' }}>
      <Container maxW="3xl">
        <Stack gap="6" align="flex-start">
          <Box
            color="green.700"
            bg="green.50"
            boxSize="14"
            rounded="full"
            display="flex"
            alignItems="center"
            justifyContent="center"
          >
            <Icon name="check" size={18} />
          </Box>
          <Heading as="h1" id="sent-heading" size="4xl">
            {sent.heading}
          </Heading>
          <Text fontSize="xl" fontWeight="semibold" data-reply-promise="">
            {sent.promise}
          </Text>
          <Text color="gray.700">{sent.thanks}</Text>
          <Text color="gray.700">
            {sent.urgent}{' '}
            <EmailAndPhoneLinks email={site.email} phone={site.phone} color="brand.fg" />
          </Text>
          {/* Stretched across the column (its parent aligns to the start), so on a phone the
              buttons take the site's full-width rule from LinkButton, not their labels' width. */}
          <Stack direction={{ base: 'column', sm: 'row' }} gap="4" pt="2" alignSelf="stretch">
            {sent.links.map((link, index) => (
              <LinkButton key={link.href} href={link.href} tone={index === 0 ? 'solid' : 'outline'}>
                {link.label}
              </LinkButton>
            ))}
          </Stack>
        </Stack>
      </Container>
    </Box>
  )
}
