import { CardSection } from '#frontend/components/CardGrid.tsx'
import { servicePages } from '../content.ts'
import { OfferingsSection, ServicePage } from '../ServicePage.tsx'
import { benefits, offerings, platforms, reasons } from './content.ts'

export default function Page() {
  return (
    <ServicePage content={servicePages.ppc} catalogue={offerings.items}>
      <OfferingsSection offerings={offerings} panel={benefits} />
      <CardSection id="why-ppc" content={reasons} columns={4} />
      <CardSection id="platforms" content={platforms} tone="muted" columns={4} />
    </ServicePage>
  )
}
