import { CardSection } from '#frontend/components/CardGrid.tsx'
import { ProcessSection } from '#frontend/components/StepList.tsx'
import { servicePages } from '../content.ts'
import { OfferingsSection, ServicePage } from '../ServicePage.tsx'
import { campaignTypes, offerings, process, roi } from './content.ts'

export default function Page() {
  return (
    <ServicePage content={servicePages.emailMarketing} catalogue={offerings.items}>
      <OfferingsSection offerings={offerings} panel={roi} />
      <CardSection id="campaigns" content={campaignTypes} />
      <ProcessSection process={process} tone="muted" />
    </ServicePage>
  )
}
