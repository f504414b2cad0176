import { Breadcrumbs } from '#frontend/components/Breadcrumbs.tsx'
import { ClosingCta } from '#frontend/components/ClosingCta.tsx'
import { HeroBanner } from '#frontend/components/HeroBanner.tsx'
import { LegalDocument } from '#frontend/components/LegalDocument.tsx'
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
