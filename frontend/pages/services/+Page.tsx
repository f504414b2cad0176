import { Box, Heading, Link, SimpleGrid, Stack, Text, VisuallyHidden } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { analyticsEvents, trackingAttributes } from '../../analytics/events.ts'
import { BreadcrumbTrail } from '../../components/BreadcrumbTrail.tsx'
import { CheckList } from '../../components/CheckList.tsx'
import { ClosingCta } from '../../components/ClosingCta.tsx'
import { HeroBanner } from '../../components/HeroBanner.tsx'
import { Icon, type IconName } from '../../components/icon-set.tsx'
import { LinkButton } from '../../components/LinkButton.tsx'
import { Section } from '../../components/Section.tsx'
import {
  analytics,
  breadcrumb,
  closing,
  hero,
  learnMore,
  overview,
  serviceCards,
} from './content.ts'

function ServiceCard(props: {
  icon: IconName
  title: string
  description: string
  items: readonly string[]
  children?: ReactNode
}) {
  return (
    <Stack
      as="li"
      gap="4"
      p="6"
      bg="white"
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
        <Icon name={props.icon} />
      </Box>
      <Heading as="h3" size="xl">
        {props.title}
      </Heading>
      <Text color="gray.700">{props.description}</Text>
      <CheckList items={props.items} />
      {props.children}
    </Stack>
  )
}

export default function Page() {
  return (
    <>
      <BreadcrumbTrail items={[{ label: breadcrumb }]} />
      <HeroBanner title={hero.title} subtitle={hero.subtitle} />
      <Section id="services" heading={overview.heading} intro={overview.intro} tone="muted">
        <SimpleGrid as="ul" columns={{ base: 1, md: 2, lg: 3 }} gap="6">
          {serviceCards.map(({ path, summary, icon }) => (
            <ServiceCard
              key={path}
              icon={icon}
              title={summary.title}
              description={summary.description}
              items={summary.features}
            >
              <Link href={path} color="brand.fg" fontWeight="semibold" mt="auto">
                {learnMore}
                {/* The visible label stays the spec's; the link's name says where it leads. */}
                <VisuallyHidden> about {summary.title}</VisuallyHidden>
                <span aria-hidden="true">→</span>
              </Link>
            </ServiceCard>
          ))}
          <ServiceCard
            icon={analytics.icon}
            title={analytics.title}
            description={analytics.description}
            items={analytics.items}
          />
        </SimpleGrid>
      </Section>
      <ClosingCta heading={closing.heading} text={closing.text}>
        <LinkButton
          href={closing.action.href}
          tone="onDark"
          attributes={trackingAttributes(
            analyticsEvents.ctaClick('Services Get Started CTA'),
            'click',
          )}
        >
          {closing.action.label}
        </LinkButton>
      </ClosingCta>
    </>
  )
}
