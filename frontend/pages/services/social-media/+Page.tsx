import { CardSection } from '#frontend/components/CardGrid.tsx'
import { servicePages } from '../content.ts'
import { OfferingsSection, ServicePage } from '../ServicePage.tsx'
import { impact, offerings, platforms } from './content.ts'

export default function Page() {
  return (
    <ServicePage content={servicePages.socialMedia} catalogue={offerings.items}>
      <OfferingsSection offerings={offerings} panel={impact} />
      <CardSection id="platforms" content={platforms} />
    </ServicePage>
  )
}
