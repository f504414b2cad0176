import { Box, Container, Heading, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { footerServices, legalLinks } from '../../shared/routes.ts'
import { telHref } from '../../shared/site.ts'
import { site } from '../site.ts'

const builtYear = new Date().getFullYear()

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
          </Stack>

          <Box as="nav" aria-labelledby="footer-services">
            <Heading as="h2" id="footer-services" size="md" color="white" mb="3">
              Services
            </Heading>
            <Stack as="ul" gap="2">
              {footerServices.map((service) => (
                <li key={service.label}>
                  {service.href ? (
                    <Link href={service.href} color="gray.200" _hover={{ color: 'white' }}>
                      {service.label}
                    </Link>
                  ) : (
                    <Text as="span">{service.label}</Text>
                  )}
                </li>
              ))}
            </Stack>
          </Box>

          <Stack gap="3">
            <Heading as="h2" size="md" color="white">
              Contact
            </Heading>
            <Link href={`mailto:${site.email}`} color="gray.200" _hover={{ color: 'white' }}>
              {site.email}
            </Link>
            <Link href={telHref(site.phone)} color="gray.200" _hover={{ color: 'white' }}>
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
          <Text>
            © {builtYear} {site.name}. All rights reserved.
          </Text>
          <Box as="nav" aria-label="Legal">
            <Stack as="ul" direction="row" gap="6">
              {legalLinks.map((link) => (
                <li key={link.href}>
                  <Link href={link.href} color="gray.200" _hover={{ color: 'white' }}>
                    {link.label}
                  </Link>
                </li>
              ))}
              {/* Reopens the cookie banner: hidden until the script that runs the banner is there. */}
              <li hidden>
                <Link asChild color="gray.200" _hover={{ color: 'white' }}>
                  <button type="button" data-cookie-settings="" aria-controls="cookie-banner">
                    Cookie settings
                  </button>
                </Link>
              </li>
            </Stack>
          </Box>
        </Stack>
      </Container>
    </Box>
  )
}
