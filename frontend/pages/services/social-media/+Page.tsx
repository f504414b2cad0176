import { CardGrid } from '../../../components/CardGrid.tsx'
import { Section } from '../../../components/Section.tsx'
import { OfferingsSection, ServicePage } from '../ServicePage.tsx'
import { impact, offerings, page, platforms } from './content.ts'

export default function Page() {
  return (
    <ServicePage content={page} catalogue={offerings.items}>
      <OfferingsSection offerings={offerings} panel={impact} />
      <Section id="platforms" heading={platforms.heading} intro={platforms.intro}>
        <CardGrid cards={platforms.cards} />
      </Section>
    </ServicePage>
  )
}
