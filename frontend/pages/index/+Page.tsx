import { Box, Container, Heading, HStack, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { site } from '#frontend/build-identity.ts'
import { Card } from '#frontend/components/Card.tsx'
import { CheckList } from '#frontend/components/CheckList.tsx'
import { HeroBanner } from '#frontend/components/HeroBanner.tsx'
import { Icon, type IconName } from '#frontend/components/Icon.tsx'
import { LinkButton } from '#frontend/components/LinkButton.tsx'
import { Section } from '#frontend/components/Section.tsx'
import { contactFormHref } from '#shared/routes.ts'
import { telHref } from '#shared/site.ts'
import { callToAction, hero, services } from './content.ts'

const tileLinks: Record<
  (typeof callToAction.tiles)[number]['kind'],
  { href: string; icon: IconName }
> = {
  phone: { href: telHref(site.phone), icon: 'handset' },
  email: { href: `mailto:${site.email}`, icon: 'mail' },
  form: { href: contactFormHref, icon: 'form' },
}

export default function Page() {
  return (
    <>
      <HeroBanner title={hero.title} subtitle={hero.subtitle} fullScreen>
        <Stack direction={{ base: 'column', sm: 'row' }} gap="4">
          <LinkButton href={hero.primary.href} size="xl">
            {hero.primary.label}
          </LinkButton>
          <LinkButton href={hero.secondary.href} size="xl" tone="outlineOnDark">
            {hero.secondary.label}
          </LinkButton>
        </Stack>
      </HeroBanner>

      <Section id="services" heading={services.heading} intro={services.intro}>
        <SimpleGrid as="ul" columns={{ base: 1, md: 2, xl: 4 }} gap="6">
          {services.cards.map((card) => (
            <Card
              key={card.title}
              icon={card.icon}
              title={card.title}
              description={card.description}
            >
              <CheckList items={card.features} />
            </Card>
          ))}
        </SimpleGrid>
        <HStack justify="center" mt="12">
          <LinkButton href={services.viewAll.href} tone="outline">
            {services.viewAll.label}
          </LinkButton>
        </HStack>
      </Section>

      <Box
        as="section"
        aria-labelledby="cta-heading"
        data-surface="dark"
        bg="brand.900"
        color="white"
        py={{ base: '16', md: '24' }}
      >
        <Container maxW="5xl" textAlign="center">
          <Heading as="h2" id="cta-heading" size="4xl" mb="4">
            {callToAction.heading}
          </Heading>
          <Text fontSize="lg" color="gray.100" maxW="3xl" mx="auto" mb="10">
            {callToAction.text}
          </Text>
          <SimpleGrid as="ul" columns={{ base: 1, md: 3 }} gap="6" mb="10">
            {callToAction.tiles.map((tile) => (
              <li key={tile.kind}>
                <Link
                  href={tileLinks[tile.kind].href}
                  display="flex"
                  flexDirection="column"
                  alignItems="center"
                  gap="2"
                  p="6"
                  h="full"
                  rounded="xl"
                  bg="whiteAlpha.100"
                  color="white"
                  _hover={{ bg: 'whiteAlpha.200' }}
                >
                  <Icon name={tileLinks[tile.kind].icon} />
                  <Text as="span" fontWeight="bold" fontSize="lg">
                    {tile.title}
                  </Text>
                  <Text as="span" color="gray.100" wordBreak="break-word">
                    {tile.detail}
                  </Text>
                </Link>
              </li>
            ))}
          </SimpleGrid>
          <LinkButton
            href={callToAction.button.href}
            size="xl"
            tone="onDark"
            clickEvent={callToAction.button.event}
          >
            {callToAction.button.label}
          </LinkButton>
        </Container>
      </Box>
    </>
  )
}
