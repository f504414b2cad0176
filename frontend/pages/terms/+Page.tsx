import { Breadcrumbs } from '../../components/Breadcrumbs.tsx'
import { ClosingCta } from '../../components/ClosingCta.tsx'
import { HeroBanner } from '../../components/HeroBanner.tsx'
import { LegalDocument } from '../../components/LegalDocument.tsx'
import { breadcrumb, closing, hero, intro, sections } from './content.ts'

export default function Page() {
  return (
    <>
      <Breadcrumbs items={[{ label: breadcrumb }]} />
      <HeroBanner title={hero.title} subtitle={hero.subtitle} />
      <LegalDocument intro={intro} sections={sections} />
      <ClosingCta heading={closing.heading} text={closing.text} actions={closing.actions} />
    </>
  )
}
