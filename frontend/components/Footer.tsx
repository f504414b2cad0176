import { Box, Container, Heading, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { footerServices, legalLinks } from '#shared/routes.ts'
import { companyDisclosures, socialPlatforms, telHref } from '#shared/site.ts'
import { site } from '../build-identity.ts'

const builtYear = new Date().getFullYear()

/**
 * Footer links are underlined: beside plain text of the same colour (the unlinked Analytics &
 * Reporting, the company details), colour alone would not tell a visitor what can be followed.
 */
const linkStyle = {
  color: 'gray.200',
  textDecoration: 'underline',
  textUnderlineOffset: '0.2em',
  _hover: { color: 'white', textDecorationThickness: '2px' },
} as const

const socialLinks = socialPlatforms.flatMap(({ key, label }) => {
  const href = site.social[key]
  return href ? [{ label, href }] : []
})

export function Footer() {
  return (
    <Box as="footer" data-surface="dark" bg="gray.900" color="gray.200" pt="14" pb="8" mt="auto">
      <Container maxW="7xl">
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="10">
          <Stack gap="3">
            <Text fontWeight="bold" fontSize="xl" color="white">
              {site.name}
            </Text>
            <Text>Data-driven digital marketing for UK businesses.</Text>
            <Text data-ico-statement="">{site.name} is an ICO registered data controller.</Text>
            {socialLinks.length > 0 && (
              <Stack as="ul" direction="row" gap="4" aria-label="Follow us">
                {socialLinks.map((link) => (
                  <li key={link.label}>
                    <Link href={link.href} rel="me noopener" {...linkStyle}>
                      {link.label}
                    </Link>
                  </li>
                ))}
              </Stack>
            )}
          </Stack>

          <Box as="nav" aria-labelledby="footer-services">
            <Heading as="h2" id="footer-services" size="md" color="white" mb="3">
              Services
            </Heading>
            <Stack as="ul" gap="2">
              {footerServices.map((service) => (
                <li key={service.label}>
                  {service.href ? (
                    <Link href={service.href} {...linkStyle}>
                      {service.label}
                    </Link>
                  ) : (
                    // Offered, but with no page: plain text, not underlined like the links.
                    <Text as="span" color="gray.400">
                      {service.label}
                    </Text>
                  )}
                </li>
              ))}
            </Stack>
          </Box>

          <Stack gap="3">
            <Heading as="h2" size="md" color="white">
              Contact
            </Heading>
            <Link href={`mailto:${site.email}`} {...linkStyle}>
              {site.email}
            </Link>
            <Link href={telHref(site.phone)} {...linkStyle}>
              {site.phone}
            </Link>
          </Stack>
        </SimpleGrid>

        <Stack
          direction={{ base: 'column', md: 'row' }}
          justify="space-between"
          gap="4"
          borderTopWidth="1px"
          borderColor="gray.700"
          mt="10"
          pt="6"
          fontSize="sm"
        >
          <Stack gap="1">
            <Text>
              © {builtYear} {site.name}. All rights reserved.
            </Text>
            {/* The trading disclosures UK company law asks a company's website to show. */}
            <Text data-company-details="" color="gray.400">
              {companyDisclosures(site)
                .map(({ term, description }) => `${term}: ${description}`)
                .join(' · ')}
            </Text>
          </Stack>
          {/* Beside the long company details, the links keep their own width and never break a
              label over two lines; on a narrow phone whole links wrap instead. */}
          <Box as="nav" aria-label="Legal" flexShrink="0">
            <Stack
              as="ul"
              direction="row"
              columnGap="6"
              rowGap="2"
              flexWrap="wrap"
              whiteSpace="nowrap"
            >
              {legalLinks.map((link) => (
                <li key={link.href}>
                  <Link href={link.href} {...linkStyle}>
                    {link.label}
                  </Link>
                </li>
              ))}
              {/* Reopens the cookie banner. Unseen until the script that runs the banner shows it,
                  after the page's first paint; its place is kept, so showing it moves nothing. */}
              <Box
                as="li"
                data-awaits-script=""
                css={{ '&[data-awaits-script]': { visibility: 'hidden' } }}
              >
                <Link asChild {...linkStyle}>
                  <button type="button" data-cookie-settings="" aria-controls="cookie-banner">
                    Cookie settings
                  </button>
                </Link>
              </Box>
            </Stack>
          </Box>
        </Stack>
      </Container>
    </Box>
  )
}
