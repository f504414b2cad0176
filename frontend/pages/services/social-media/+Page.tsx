import { CardSection } from '#frontend/components/CardGrid.tsx'
import { OfferingsSection, ServicePage } from '../ServicePage.tsx'
import { impact, offerings, page, platforms } from './content.ts'

export default function Page() {
  return (
    <ServicePage content={page} catalogue={offerings.items}>
      <OfferingsSection offerings={offerings} panel={impact} />
      <CardSection id="platforms" content={platforms} />
    </ServicePage>
  )
}
