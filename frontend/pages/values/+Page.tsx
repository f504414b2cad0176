import { Breadcrumbs } from '../../components/Breadcrumbs.tsx'
import { CardSection } from '../../components/CardGrid.tsx'
import { ClosingCta } from '../../components/ClosingCta.tsx'
import { HeroBanner } from '../../components/HeroBanner.tsx'
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
