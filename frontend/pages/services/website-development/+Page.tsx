import { CardGrid, CardSection } from '#frontend/components/CardGrid.tsx'
import { ProcessSection } from '#frontend/components/StepList.tsx'
import { servicePages } from '../content.ts'
import { SectionBesidePanel, ServicePage } from '../ServicePage.tsx'
import { benefits, features, process, whyUs } from './content.ts'

export default function Page() {
  return (
    <ServicePage content={servicePages.websiteDevelopment} catalogue={features.cards}>
      <CardSection id="features" content={features} tone="muted" />
      <SectionBesidePanel
        id="why-us"
        heading={whyUs.heading}
        headingGap="8"
        flex="3"
        panel={benefits}
      >
        <CardGrid cards={whyUs.cards} columns={2} />
      </SectionBesidePanel>
      <ProcessSection process={process} tone="muted" />
    </ServicePage>
  )
}
