import { Box, Container, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { analyticsEvents, trackingAttributes } from '#frontend/analytics/events.ts'
import { site } from '#frontend/build-identity.ts'
import { Breadcrumbs } from '#frontend/components/Breadcrumbs.tsx'
import { CheckList } from '#frontend/components/CheckList.tsx'
import { ClosingCta } from '#frontend/components/ClosingCta.tsx'
import { HeroBanner } from '#frontend/components/HeroBanner.tsx'
import { highlightPanel } from '#frontend/components/highlight-panel.ts'
import { Icon } from '#frontend/components/Icon.tsx'
import { JsonLd } from '#frontend/components/JsonLd.tsx'
import { ActionButton } from '#frontend/components/LinkButton.tsx'
import { service } from '#frontend/seo/structured-data.ts'
import type { BenefitPanel, Offering, OfferingList, ServicePageContent } from './service-page.ts'

interface ServicePageProps {
  readonly content: ServicePageContent
  /** What the Service structured data lists as the offer catalogue. */
  readonly catalogue: readonly Offering[]
  /** The page's own sections, between the intro and the closing call to action. */
  readonly children: ReactNode
}

/**
 * The common shape of a service page: breadcrumbs, the hero (whose title is the page's h1), the
 * intro (which records the service_page_view event), the page's own sections, the closing call to action and the
 * Service structured data.
 */
export function ServicePage({ content, catalogue, children }: ServicePageProps) {
  const { hero, intro, closing } = content
  return (
    <>
      <Breadcrumbs
        items={[{ label: 'Services', href: '/services' }, { label: content.breadcrumb }]}
      />
      <HeroBanner title={hero.title} subtitle={hero.subtitle}>
        {hero.action && <ActionButton action={hero.action} />}
      </HeroBanner>
      <Box
        as="section"
        aria-labelledby="intro-heading"
        py={{ base: '14', md: '20' }}
        {...trackingAttributes(analyticsEvents.servicePageView(content.serviceName), 'view')}
      >
        <Container maxW="7xl">
          <Heading as="h2" id="intro-heading" size={{ base: '3xl', md: '4xl' }} mb="6" maxW="4xl">
            {intro.heading}
          </Heading>
          <Stack gap="4" fontSize="lg" color="gray.700" maxW="4xl">
            {intro.paragraphs.map((paragraph) => (
              <Text key={paragraph}>{paragraph}</Text>
            ))}
          </Stack>
        </Container>
      </Box>
      {children}
      <ClosingCta heading={closing.heading} text={closing.text} actions={closing.actions} />
      <JsonLd
        data={service(site, {
          name: content.serviceName,
          description: content.meta.description,
          path: content.path,
          offerings: catalogue,
        })}
      />
    </>
  )
}

interface OfferingsSectionProps {
  readonly offerings: OfferingList
  readonly panel: BenefitPanel
}

/** The eight offerings beside the benefits panel. */
export function OfferingsSection({ offerings, panel }: OfferingsSectionProps) {
  return (
    <SectionBesidePanel
      id="offerings"
      heading={offerings.heading}
      headingGap="3"
      flex="2"
      tone="muted"
      panel={panel}
    >
      <Text fontSize="lg" color="gray.700" mb="8">
        {offerings.intro}
      </Text>
      <SimpleGrid as="ul" columns={{ base: 1, md: 2 }} gap="6">
        {offerings.items.map((offering) => (
          <Flex as="li" key={offering.title} gap="3">
            <Box color="green.700" flexShrink="0" mt="1">
              <Icon name="check" size={18} />
            </Box>
            <div>
              <Heading as="h3" size="md" mb="1">
                {offering.title}
              </Heading>
              <Text color="gray.700">{offering.description}</Text>
            </div>
          </Flex>
        ))}
      </SimpleGrid>
    </SectionBesidePanel>
  )
}

interface SectionBesidePanelProps {
  /** The section's id; its heading gets `${id}-heading`. */
  readonly id: string
  readonly heading: string
  /** The space under the heading: less when an intro follows it. */
  readonly headingGap: '3' | '8'
  /** The section's share of the row beside the panel's one. */
  readonly flex: '2' | '3'
  readonly tone?: 'plain' | 'muted'
  readonly panel: BenefitPanel
  readonly children: ReactNode
}

/** A section and, beside it on a wide screen (under it on a phone), the benefits panel. */
export function SectionBesidePanel({
  id,
  heading,
  headingGap,
  flex,
  tone = 'plain',
  panel,
  children,
}: SectionBesidePanelProps) {
  return (
    <Box bg={tone === 'muted' ? 'gray.50' : undefined} py={{ base: '14', md: '20' }}>
      <Container maxW="7xl">
        <Flex direction={{ base: 'column', lg: 'row' }} gap={{ base: '10', lg: '12' }}>
          <Box as="section" aria-labelledby={`${id}-heading`} flex={flex}>
            <Heading as="h2" id={`${id}-heading`} size={{ base: '2xl', md: '3xl' }} mb={headingGap}>
              {heading}
            </Heading>
            {children}
          </Box>
          <BenefitPanelSection panel={panel} />
        </Flex>
      </Container>
    </Box>
  )
}

/** The highlighted panel: why the service matters, as a short case and its key points. */
export function BenefitPanelSection({ panel }: { readonly panel: BenefitPanel }) {
  return (
    <Box
      as="section"
      aria-labelledby="benefits-heading"
      flex="1"
      alignSelf="flex-start"
      {...highlightPanel}
    >
      <Heading as="h2" id="benefits-heading" size="2xl" mb="3">
        {panel.heading}
      </Heading>
      <Text color="gray.700" mb="6">
        {panel.text}
      </Text>
      <CheckList items={panel.points} />
    </Box>
  )
}
