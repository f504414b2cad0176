import { Link, SimpleGrid, VisuallyHidden } from '@chakra-ui/react'
import { Breadcrumbs } from '#frontend/components/Breadcrumbs.tsx'
import { Card } from '#frontend/components/Card.tsx'
import { CheckList } from '#frontend/components/CheckList.tsx'
import { ClosingCta } from '#frontend/components/ClosingCta.tsx'
import { HeroBanner } from '#frontend/components/HeroBanner.tsx'
import { Section } from '#frontend/components/Section.tsx'
import {
  analytics,
  breadcrumb,
  closing,
  hero,
  learnMore,
  overview,
  serviceCards,
} from './content.ts'

export default function Page() {
  return (
    <>
      <Breadcrumbs items={[{ label: breadcrumb }]} />
      <HeroBanner title={hero.title} subtitle={hero.subtitle} />
      <Section id="services" heading={overview.heading} intro={overview.intro} tone="muted">
        <SimpleGrid as="ul" columns={{ base: 1, md: 2, lg: 3 }} gap="6">
          {serviceCards.map(({ path, summary, icon }) => (
            <Card key={path} icon={icon} title={summary.title} description={summary.description}>
              <CheckList items={summary.features} />
              <Link href={path} color="brand.fg" fontWeight="semibold" mt="auto">
                {learnMore}
                {/* The visible label stays the spec's; the link's name says where it leads. */}
                <VisuallyHidden> about {summary.title}</VisuallyHidden>
                <span aria-hidden="true">→</span>
              </Link>
            </Card>
          ))}
          <Card icon={analytics.icon} title={analytics.title} description={analytics.description}>
            <CheckList items={analytics.items} />
          </Card>
        </SimpleGrid>
      </Section>
      <ClosingCta heading={closing.heading} text={closing.text} actions={closing.actions} />
    </>
  )
}
