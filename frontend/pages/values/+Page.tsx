import { Breadcrumbs } from '#frontend/components/Breadcrumbs.tsx'
import { CardSection } from '#frontend/components/CardGrid.tsx'
import { ClosingCta } from '#frontend/components/ClosingCta.tsx'
import { HeroBanner } from '#frontend/components/HeroBanner.tsx'
import { breadcrumb, closing, hero, values } from './content.ts'

export default function Page() {
  return (
    <>
      <Breadcrumbs items={[{ label: breadcrumb }]} />
      <HeroBanner title={hero.title} subtitle={hero.subtitle} />
      <CardSection id="values" content={values} />
      <ClosingCta heading={closing.heading} text={closing.text} actions={closing.actions} />
    </>
  )
}
