import { ProcessSection } from '#frontend/components/StepList.tsx'
import { servicePages } from '../content.ts'
import { OfferingsSection, ServicePage } from '../ServicePage.tsx'
import { offerings, process, whySeoMatters } from './content.ts'

export default function Page() {
  return (
    <ServicePage content={servicePages.seo} catalogue={offerings.items}>
      <OfferingsSection offerings={offerings} panel={whySeoMatters} />
      <ProcessSection process={process} />
    </ServicePage>
  )
}
