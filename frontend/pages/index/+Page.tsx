import {
  Box,
  Button,
  Container,
  Heading,
  HStack,
  Link,
  List,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { telHref } from '../../../shared/site.ts'
import { analyticsEvents, trackingAttributes } from '../../analytics/events.ts'
import { HeroBanner } from '../../components/HeroBanner.tsx'
import {
  ChartIcon,
  CheckIcon,
  CodeIcon,
  FormIcon,
  MailIcon,
  PhoneIcon,
  SearchIcon,
  ShareIcon,
} from '../../components/icons.tsx'
import { site } from '../../site.ts'
import { callToAction, hero, type ServiceIcon, services } from './content.ts'

const serviceIcons: Record<ServiceIcon, ReactNode> = {
  search: <SearchIcon />,
  code: <CodeIcon />,
  share: <ShareIcon />,
  chart: <ChartIcon />,
}

const tileLinks = {
  phone: { href: telHref(site.phone), icon: <PhoneIcon /> },
  email: { href: `mailto:${site.email}`, icon: <MailIcon /> },
  form: { href: '/contact', icon: <FormIcon /> },
} as const

export default function Page() {
  return (
    <>
      <HeroBanner title={hero.title} subtitle={hero.subtitle} fullScreen>
        <Stack direction={{ base: 'column', sm: 'row' }} gap="4">
          <Button asChild type={undefined} size="xl" colorPalette="brand">
            <a href={hero.primary.href}>{hero.primary.label}</a>
          </Button>
          <Button
            asChild
            type={undefined}
            size="xl"
            variant="outline"
            color="white"
            borderColor="white"
            _hover={{ bg: 'whiteAlpha.200' }}
          >
            <a href={hero.secondary.href}>{hero.secondary.label}</a>
          </Button>
        </Stack>
      </HeroBanner>

      <Box as="section" aria-labelledby="services-heading" py={{ base: '16', md: '24' }}>
        <Container maxW="7xl">
          <Stack gap="3" textAlign="center" mb="12">
            <Heading as="h2" id="services-heading" size="4xl">
              {services.heading}
            </Heading>
            <Text fontSize="lg" color="gray.700">
              {services.intro}
            </Text>
          </Stack>
          <SimpleGrid as="ul" columns={{ base: 1, md: 2, xl: 4 }} gap="6">
            {services.cards.map((card) => (
              <Stack
                as="li"
                key={card.title}
                data-service-card=""
                gap="4"
                p="6"
                borderWidth="1px"
                borderColor="gray.200"
                rounded="xl"
                boxShadow="sm"
              >
                <Box
                  color="brand.fg"
                  bg="brand.subtle"
                  boxSize="12"
                  rounded="lg"
                  display="flex"
                  alignItems="center"
                  justifyContent="center"
                >
                  {serviceIcons[card.icon]}
                </Box>
                <Heading as="h3" size="xl">
                  {card.title}
                </Heading>
                <Text color="gray.700">{card.description}</Text>
                <List.Root gap="2" listStyleType="none">
                  {card.features.map((feature) => (
                    <List.Item key={feature} display="flex" gap="2" alignItems="center">
                      <Box color="green.700" flexShrink="0">
                        <CheckIcon />
                      </Box>
                      {feature}
                    </List.Item>
                  ))}
                </List.Root>
              </Stack>
            ))}
          </SimpleGrid>
          <HStack justify="center" mt="12">
            <Button asChild type={undefined} size="lg" variant="outline" colorPalette="brand">
              <a href={services.viewAll.href}>{services.viewAll.label}</a>
            </Button>
          </HStack>
        </Container>
      </Box>

      <Box
        as="section"
        aria-labelledby="cta-heading"
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
                  {tileLinks[tile.kind].icon}
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
          <Button
            asChild
            type={undefined}
            size="xl"
            bg="white"
            color="brand.900"
            _hover={{ bg: 'gray.100' }}
          >
            <a
              href={callToAction.button.href}
              {...trackingAttributes(analyticsEvents.ctaClick('Free Consultation CTA'), 'click')}
            >
              {callToAction.button.label}
            </a>
          </Button>
        </Container>
      </Box>
    </>
  )
}
