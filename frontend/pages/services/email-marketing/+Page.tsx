import { CardSection } from '#frontend/components/CardGrid.tsx'
import { ProcessSection } from '#frontend/components/StepList.tsx'
import { OfferingsSection, ServicePage } from '../ServicePage.tsx'
import { campaignTypes, offerings, page, process, roi } from './content.ts'

export default function Page() {
  return (
    <ServicePage content={page} catalogue={offerings.items}>
      <OfferingsSection offerings={offerings} panel={roi} />
      <CardSection id="campaigns" content={campaignTypes} />
      <ProcessSection process={process} tone="muted" />
    </ServicePage>
  )
}
