import { Breadcrumbs } from '../../components/Breadcrumbs.tsx'
import { CardGrid } from '../../components/CardGrid.tsx'
import { ClosingCta } from '../../components/ClosingCta.tsx'
import { HeroBanner } from '../../components/HeroBanner.tsx'
import { Section } from '../../components/Section.tsx'
import { breadcrumb, closing, hero, values } from './content.ts'

export default function Page() {
  return (
    <>
      <Breadcrumbs items={[{ label: breadcrumb }]} />
      <HeroBanner title={hero.title} subtitle={hero.subtitle} />
      <Section id="values" heading={values.heading} intro={values.intro}>
        <CardGrid cards={values.cards} />
      </Section>
      <ClosingCta heading={closing.heading} text={closing.text} actions={closing.actions} />
    </>
  )
}
