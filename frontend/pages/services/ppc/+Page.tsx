import { CardGrid } from '../../../components/CardGrid.tsx'
import { Section } from '../../../components/Section.tsx'
import { OfferingsSection, ServicePage } from '../ServicePage.tsx'
import { benefits, offerings, page, platforms, reasons } from './content.ts'

export default function Page() {
  return (
    <ServicePage content={page} catalogue={offerings.items}>
      <OfferingsSection offerings={offerings} panel={benefits} />
      <Section id="why-ppc" heading={reasons.heading} intro={reasons.intro}>
        <CardGrid cards={reasons.cards} columns={4} />
      </Section>
      <Section id="platforms" heading={platforms.heading} intro={platforms.intro} tone="muted">
        <CardGrid cards={platforms.cards} columns={4} />
      </Section>
    </ServicePage>
  )
}
