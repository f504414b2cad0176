import { ProcessSection } from '#frontend/components/StepList.tsx'
import { OfferingsSection, ServicePage } from '../ServicePage.tsx'
import { offerings, page, process, whySeoMatters } from './content.ts'

export default function Page() {
  return (
    <ServicePage content={page} catalogue={offerings.items}>
      <OfferingsSection offerings={offerings} panel={whySeoMatters} />
      <ProcessSection process={process} />
    </ServicePage>
  )
}
