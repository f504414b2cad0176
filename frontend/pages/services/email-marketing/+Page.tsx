import { CardGrid } from '../../../components/CardGrid.tsx'
import { Section } from '../../../components/Section.tsx'
import { StepList } from '../../../components/StepList.tsx'
import { OfferingsSection, ServicePage } from '../ServicePage.tsx'
import { campaignTypes, offerings, page, process, roi } from './content.ts'

export default function Page() {
  return (
    <ServicePage content={page} catalogue={offerings.items}>
      <OfferingsSection offerings={offerings} panel={roi} />
      <Section id="campaigns" heading={campaignTypes.heading} intro={campaignTypes.intro}>
        <CardGrid cards={campaignTypes.cards} />
      </Section>
      <Section id="process" heading={process.heading} intro={process.intro} tone="muted">
        <StepList steps={process.steps} />
      </Section>
    </ServicePage>
  )
}
