import { Box, Container, Grid, Heading, Link, List, Stack, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { site } from '#frontend/build-identity.ts'
import { Breadcrumbs } from '#frontend/components/Breadcrumbs.tsx'
import { IconTile } from '#frontend/components/Card.tsx'
import { ContactForm } from '#frontend/components/contact-form/ContactForm.tsx'
import { ISLAND_ATTRIBUTE } from '#frontend/components/contact-form/on-load-island.ts'
import { HeroBanner } from '#frontend/components/HeroBanner.tsx'
import { Icon, type IconName } from '#frontend/components/Icon.tsx'
import { telHref } from '#shared/site.ts'
import { benefits, details, hero } from './content.ts'

export default function Page() {
  return (
    <>
      <Breadcrumbs items={[{ label: 'Contact' }]} />
      <HeroBanner title={hero.title} subtitle={hero.subtitle} />
      <Box as="section" aria-label="Contact details and form" py={{ base: '12', md: '20' }}>
        <Container maxW="7xl">
          <Grid templateColumns={{ base: '1fr', lg: '2fr 3fr' }} gap={{ base: '12', lg: '16' }}>
            <Stack gap="12">
              <ContactDetails />
              <Benefits />
            </Stack>
            <Box
              id="contact-form"
              p={{ base: '5', md: '8' }}
              bg="gray.50"
              borderWidth="1px"
              borderColor="gray.200"
              rounded="2xl"
              // The form's island: prerendered here, taken over by +client.ts when needed.
              {...{ [ISLAND_ATTRIBUTE]: '' }}
            >
              <ContactForm agency={site} />
            </Box>
          </Grid>
        </Container>
      </Box>
    </>
  )
}

function ContactDetails() {
  return (
    <Stack gap="6" aria-labelledby="contact-details-heading" as="section">
      <Heading as="h2" id="contact-details-heading" size="2xl">
        {details.heading}
      </Heading>
      <Text color="gray.700">{details.intro}</Text>
      <Stack as="ul" gap="5" listStyleType="none">
        <DetailRow icon="mail" label={details.email.label}>
          <Link href={`mailto:${site.email}`} color="brand.fg" textDecoration="underline">
            {details.email.value}
          </Link>
        </DetailRow>
        <DetailRow icon="handset" label={details.phone.label}>
          <Link href={telHref(site.phone)} color="brand.fg" textDecoration="underline">
            {details.phone.value}
          </Link>
        </DetailRow>
        <DetailRow icon="shield" label={details.ico.label}>
          <Text>{details.ico.text}</Text>
          <Link href={details.ico.privacy.href} color="brand.fg" textDecoration="underline">
            {details.ico.privacy.label}
          </Link>
        </DetailRow>
      </Stack>
    </Stack>
  )
}

function DetailRow({
  icon,
  label,
  children,
}: {
  icon: IconName
  label: string
  children: ReactNode
}) {
  return (
    <Box as="li" display="flex" gap="4" alignItems="flex-start">
      <IconTile name={icon} />
      <Stack gap="1" minW="0" wordBreak="break-word">
        <Text fontWeight="bold">{label}</Text>
        {children}
      </Stack>
    </Box>
  )
}

function Benefits() {
  return (
    <Stack gap="6" as="section" aria-labelledby="benefits-heading">
      <Heading as="h2" id="benefits-heading" size="2xl">
        {benefits.heading}
      </Heading>
      <List.Root as="ul" gap="5" listStyleType="none" data-consultation-benefits="">
        {benefits.items.map((benefit) => (
          <List.Item key={benefit.title} display="flex" gap="3" alignItems="flex-start">
            <Box color="green.700" flexShrink="0" mt="1">
              <Icon name="check" size={18} />
            </Box>
            <Box>
              <Text fontWeight="bold">{benefit.title}</Text>
              <Text color="gray.700">{benefit.text}</Text>
            </Box>
          </List.Item>
        ))}
      </List.Root>
    </Stack>
  )
}
